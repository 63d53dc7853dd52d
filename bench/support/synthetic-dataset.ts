import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildDataset } from "../../src/lib/dataset/build-dataset.ts";
import { createSiteUrls } from "../../src/lib/dataset/site-urls.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import { generateContent, syntheticAspects } from "../synthetic/generate.ts";
import { getBenchTempDir } from "./bench-temp-dir.ts";

/** A synthetic `/reviews.json` of `count` reviews, and where it was written. */
export function buildSyntheticDataset(count: number): { dataset: ReviewsDataset; path: string; bytes: number } {
  const dataset = buildDataset(generateContent(count), createSiteUrls("https://reviews.example"), syntheticAspects);
  const path = join(getBenchTempDir(), `reviews-${count}.json`);
  const text = JSON.stringify(dataset);
  writeFileSync(path, text);
  return { dataset, path, bytes: Buffer.byteLength(text) };
}
