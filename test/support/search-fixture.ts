import { buildDataset } from "../../src/lib/dataset/build-dataset.ts";
import { createSiteUrls } from "../../src/lib/dataset/site-urls.ts";
import type { ReviewAspect } from "../../src/lib/schema/review.ts";
import { indexDataset, type DatasetIndex } from "../../src/lib/search/dataset-index.ts";
import { validateContent } from "../../src/lib/content/validate-content.ts";
import { contentFiles, reviewFile, sampleReview, TEST_TODAY } from "./fixtures.ts";
import { loadSite } from "./site.ts";

/** The index over the real content/, as the functions build it. */
export function realIndex(): DatasetIndex {
  return indexDataset(loadSite().dataset);
}

/** A small index whose aspects are set by hand, to test the aspect and sentiment filters exactly. */
export function aspectIndex(): DatasetIndex {
  const aspects: Record<string, ReviewAspect[]> = {
    "a-1": [{ aspect: "punctuality", sentiment: "positive", evidence: "On time." }],
    "a-2": [
      { aspect: "punctuality", sentiment: "negative", evidence: "Late." },
      { aspect: "price_value", sentiment: "mixed", evidence: "Pricey but worth it." },
    ],
    "a-3": [],
  };
  const content = validateContent(
    contentFiles(
      Object.keys(aspects).map((id, i) =>
        reviewFile(sampleReview({ id, date: `2024-0${i + 1}-01`, verified: { source: "direct", method: "completed_job", job_date: `2024-0${i + 1}-01` } })),
      ),
    ),
    TEST_TODAY,
  );
  return indexDataset(buildDataset(content, createSiteUrls("https://reviews.example"), (review) => aspects[review.id] ?? []));
}
