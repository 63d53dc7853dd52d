/**
 * The dataset the functions read: the very `/reviews.json` the build wrote to dist/, shipped with
 * each function that needs it (`included_files` in netlify.toml), parsed and indexed once per
 * instance; nothing re-reads content/ at run time. It is read as a file, not imported, because the
 * bundler would inline an import as an object literal, which V8 compiles far more slowly than
 * JSON.parse reads the same bytes (cold-init target, bench/RESULTS.md).
 */
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import { indexDataset, type DatasetIndex } from "../lib/search/dataset-index.ts";
import { readBuiltFile } from "./read-built-file.ts";

/**
 * dist/reviews.json relative to this module, which sits two levels below the project root both
 * from source (src/platform/) and deployed (bundled into netlify/functions/<name>.mjs, with the
 * file copied by `included_files`). test/integration/function-bundles.test.ts checks the bundles
 * find it.
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
