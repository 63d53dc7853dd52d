import { join } from "node:path";
import type { Content } from "../../../src/lib/content/validate-content.ts";
import { buildDataset } from "../../../src/lib/dataset/build-dataset.ts";
import { createSiteUrls } from "../../../src/lib/dataset/site-urls.ts";
import { analyzeReview, buildInsights } from "../../../src/lib/insights/build-insights.ts";
import type { ReviewsDataset } from "../../../src/lib/schema/dataset.ts";
import type { Insights } from "../../../src/lib/schema/insights.ts";
import { loadContentDir } from "../../../src/platform/content-dir.ts";

export const ROOT = join(import.meta.dirname, "../../..");

export interface SiteData {
  content: Content;
  dataset: ReviewsDataset;
  insights: Insights;
}

/** The real content folder run through the dataset and insights pipeline, as the build does. */
export function loadSiteData(): SiteData {
  const content = loadContentDir(join(ROOT, "content"));
  const dataset = buildDataset(content, createSiteUrls("https://reviews.example"), analyzeReview);
  return { content, dataset, insights: buildInsights(dataset, content) };
}
