/**
 * The dataset the functions read: the very `/reviews.json` the build wrote to
 * dist/, bundled into each function at deploy time. It is parsed once by the
 * JSON module loader and indexed once per function instance; nothing reads
 * content/ or re-validates it at run time.
 */
import built from "../../dist/reviews.json" with { type: "json" };
import type { ReviewsDataset } from "../lib/schema/dataset.ts";
import { indexDataset, type DatasetIndex } from "../lib/search/dataset-index.ts";

let index: DatasetIndex | undefined;

export function getDatasetIndex(): DatasetIndex {
  index ??= indexDataset(built as unknown as ReviewsDataset);
  return index;
}
