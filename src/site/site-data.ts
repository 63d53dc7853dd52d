import { getCollection, getEntry } from "astro:content";
import { buildSite, type SiteBuild } from "../lib/site-build.ts";
import { analyzeReviews } from "../platform/analyze-reviews.ts";
import { getSiteUrl } from "../platform/env.ts";

/** The build's data, read from the content collections once and shared by every page. */
let pending: Promise<SiteBuild> | undefined;

export function getSiteData(): Promise<SiteBuild> {
  pending ??= (async () => {
    const business = await getEntry("business", "business");
    const editorial = await getEntry("editorial", "editorial");
    const reviews = await getCollection("reviews");
    if (!business || !editorial) throw new Error("content collections are empty; check CONTENT_DIR");
    const content = { business: business.data, reviews: reviews.map((entry) => entry.data), faq: editorial.data.faq, summary: editorial.data.summary };
    // Every review's aspects first, on worker threads when there are thousands of reviews (analyze-reviews.ts).
    const aspects = await analyzeReviews(content.reviews);
    return buildSite(content, getSiteUrl(), (_, index) => aspects[index]!);
  })();
  return pending;
}

/** A pre-rendered JSON file: compact, UTF-8, the same bytes on every build. */
export function prerenderedJson(value: unknown, contentType = "application/json"): Response {
  return new Response(JSON.stringify(value), { headers: { "Content-Type": `${contentType}; charset=utf-8` } });
}
