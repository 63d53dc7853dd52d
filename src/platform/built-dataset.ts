/**
 * The dataset the functions read: the very `/reviews.json` the build wrote to
 * dist/, shipped with each function that needs it (`included_files` in
 * netlify.toml). It is read and parsed once per function instance, by
 * JSON.parse, and indexed once; nothing reads content/ or re-validates it at
 * run time.
 *
 * Read as a file rather than imported: Netlify's bundler inlines an imported
 * JSON file into the function's code as an object literal, and compiling a
 * 7 MiB literal (10,000 reviews) costs V8 several times what JSON.parse of
 * the same bytes does (bench/query.bench.ts, cold init).
 */
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import { indexDataset, type DatasetIndex } from "../lib/search/dataset-index.ts";
import { readBuiltFile } from "./read-built-file.ts";

/**
 * dist/reviews.json, relative to this module, which is two levels down from
 * the project root in both places it runs: from source (src/platform/) and
 * deployed, where Netlify bundles it into netlify/functions/<name>.mjs and
 * copies the file to the same path from the root (`included_files`; its
 * tracer also follows this literal URL). test/integration/function-bundles.test.ts
 * bundles the functions with Netlify's bundler and checks they find it.
 */
const DATASET_FILE = new URL("../../dist/reviews.json", import.meta.url);

let index: DatasetIndex | undefined;

export function getDatasetIndex(): DatasetIndex {
  index ??= indexDataset(readBuiltFile(DATASET_FILE) as ReviewsDataset);
  return index;
}

/** Forgets the parsed dataset, so the next call reads dist/ again: a long-running server calls it when a deploy replaces dist/. */
export function forgetDatasetIndex(): void {
  index = undefined;
}
