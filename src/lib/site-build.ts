import type { Content } from "./content/validate-content.ts";
import { buildDataset, type AnalyzeReview } from "./dataset/build-dataset.ts";
import { createSiteUrls, type SiteUrls } from "./dataset/site-urls.ts";
import { buildAtomFeed } from "./feeds/atom-feed.ts";
import { buildJsonFeed, type JsonFeed } from "./feeds/json-feed.ts";
import { analyzeReview, buildInsights } from "./insights/build-insights.ts";
import type { ReviewsDataset } from "./schema/dataset.ts";
import type { Insights } from "./schema/insights.ts";

/** Everything the site pre-renders, computed once per build from validated content. */
export interface SiteBuild {
  urls: SiteUrls;
  dataset: ReviewsDataset;
  insights: Insights;
  jsonFeed: JsonFeed;
  atomFeed: string;
}

/** `analyze` defaults to analyzing each review here; a caller that analyzed them ahead (on worker threads) passes their results. */
export function buildSite(content: Content, baseUrl: string, analyze: AnalyzeReview = analyzeReview): SiteBuild {
  const urls = createSiteUrls(baseUrl);
  const dataset = buildDataset(content, urls, analyze);
  return {
    urls,
    dataset,
    insights: buildInsights(dataset, content),
    jsonFeed: buildJsonFeed(dataset, urls),
    atomFeed: buildAtomFeed(dataset, urls),
  };
}
