import { describe, expect, it } from "vitest";
import { buildInsights } from "../../../src/lib/insights/build-insights.ts";
import { getEntityStats, summarizeReviews } from "../../../src/lib/insights/review-stats.ts";
import { indexDataset } from "../../../src/lib/search/dataset-index.ts";
import { evaluateSubject } from "../../../src/lib/subjects/evaluate-subject.ts";
import { loadSiteData } from "./load-site-data.ts";

const site = loadSiteData();
const index = indexDataset(site.dataset);
const reviewsOf = (ids: readonly string[]) => ids.map((id) => index.findReview(id)!);

describe("review stats agree with the built insights for the same reviews", () => {
  const entities = Object.entries(site.insights.entities).flatMap(([kind, list]) => list.map((entity) => [kind, entity.id, entity] as const));

  it.each(entities)("%s %s: count, mean and aspects", (_kind, _id, entity) => {
    const { review_count, average_rating, aspects } = summarizeReviews(reviewsOf(entity.review_ids));
    expect({ review_count, average_rating, aspects }).toEqual({
      review_count: entity.review_count,
      average_rating: entity.average_rating,
      aspects: entity.aspects,
    });
  });

  it("computes a missing entity exactly as insights would have", () => {
    const entity = site.insights.entities.technicians[0]!;
    expect(getEntityStats([], entity.id, () => reviewsOf(entity.review_ids))).toEqual(getEntityStats(site.insights.entities.technicians, entity.id, () => []));
  });

  it.each([{ topic: "creosote" }, { topic: "chimney fire" }, { mentions_service: "dryer-vent-cleaning" }, { mentions_technician: "dana" }])(
    "evaluate_topic %j: the insights of the matching reviews give the same figures",
    (query) => {
      const result = evaluateSubject({ quotes: 0, ...query }, index);
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      const matching = reviewsOf(result.value.review_ids);
      expect(matching.length).toBe(result.value.review_count);
      const insights = buildInsights({ ...site.dataset, reviews: matching }, site.content);
      expect(result.value.aspects).toEqual(insights.aspects.map(({ quotes: _quotes, ...counts }) => counts));
      const mean = matching.reduce((sum, review) => sum + review.rating, 0) / matching.length;
      expect(result.value.average_rating).toBe(Math.round(mean * 100) / 100);
    },
  );
});
