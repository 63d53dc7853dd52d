import { describe, expect, it } from "vitest";
import { buildSite } from "../../src/lib/site-build.ts";
import { loadContentDir } from "../../src/platform/content-dir.ts";
import { getSiteUrl } from "../../src/platform/env.ts";
import { sampleReview, TEST_TODAY, writeContentDir } from "../support/fixtures.ts";

/**
 * What the pages pre-render (src/site/site-data.ts): buildSite over a content folder, for the
 * origin SITE_URL names. The Astro build of the same is checked once per run, over HTTP.
 */
describe("buildSite", () => {
  it("builds from a content folder and derives every absolute URL from SITE_URL", () => {
    const dir = writeContentDir([sampleReview(), sampleReview({ id: "2024-06-01-other-b", date: "2024-06-01", rating: 2 })]);
    const { dataset, atomFeed, jsonFeed } = buildSite(loadContentDir(dir, TEST_TODAY), getSiteUrl({ SITE_URL: "https://elsewhere.example/" }));
    expect(dataset.reviews.map((review) => review.id)).toEqual(["2024-06-01-other-b", "2024-05-01-test-a"]);
    expect(dataset.reviews[0]!.url).toBe("https://elsewhere.example/reviews/2024-06-01-other-b/");
    expect(dataset.aggregate_rating).toMatchObject({ rating_value: 3.5, review_count: 2, distribution: { "2": 1, "5": 1 } });
    expect(atomFeed).toContain('<link rel="hub" href="https://elsewhere.example/api/websub/hub"/>');
    expect(jsonFeed.feed_url).toBe("https://elsewhere.example/api/feed.json");
  });
});
