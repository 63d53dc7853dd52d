import * as z from "../lib/zod.ts";
import { computeAggregateRating } from "../lib/dataset/aggregate.ts";
import { AggregateRatingSchema } from "../lib/schema/dataset.ts";
import { EntityInsightSchema, type EntityInsight } from "../lib/schema/insights.ts";
import { ASPECTS, type ReviewRecord } from "../lib/schema/review.ts";
import type { DatasetIndex } from "../lib/search/dataset-index.ts";
import type { SearchParams } from "../lib/search/search-params.ts";
import { findMatches } from "../lib/search/search-reviews.ts";

/** Count, mean and spread of a set of reviews, in the shapes insights.json uses for entities. */
export const ReviewSetStatsSchema = z.object({
  review_count: z.int().describe("Number of reviews in the set"),
  average_rating: z.number().nullable().describe("Mean star rating, two decimals; null when the set is empty"),
  rating_distribution: AggregateRatingSchema.shape.distribution,
  aspects: EntityInsightSchema.shape.aspects.describe(
    "Opinions per aspect found in these reviews: mentions by sentiment and score = (positive - negative) / total, from -1 to 1. Aspects nobody mentioned are left out.",
  ),
});
export type ReviewSetStats = z.infer<typeof ReviewSetStatsSchema>;
type AspectBreakdown = ReviewSetStats["aspects"][number];

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Computes the stats of `reviews` from their ratings and per-review aspects (design.md, "Public records"). */
export function summarizeReviews(reviews: readonly ReviewRecord[]): ReviewSetStats {
  const aggregate = computeAggregateRating(reviews.map((review) => review.rating));
  const counts = new Map(ASPECTS.map((aspect) => [aspect, { positive: 0, negative: 0, mixed: 0, total: 0 }]));
  for (const review of reviews) {
    for (const { aspect, sentiment } of review.aspects) {
      const count = counts.get(aspect)!;
      count[sentiment] += 1;
      count.total += 1;
    }
  }
  const aspects: AspectBreakdown[] = [];
  for (const [aspect, mentions] of counts) {
    if (mentions.total > 0) aspects.push({ aspect, mentions, score: roundTo2((mentions.positive - mentions.negative) / mentions.total) });
  }
  return {
    review_count: aggregate.review_count,
    average_rating: aggregate.review_count === 0 ? null : aggregate.rating_value,
    rating_distribution: aggregate.distribution,
    aspects,
  };
}

/** Count, mean rating and aspects of one technician or service, as list_technicians and list_services report them. */
export const EntityStatsSchema = ReviewSetStatsSchema.pick({ review_count: true, average_rating: true, aspects: true });
export type EntityStats = z.infer<typeof EntityStatsSchema>;

/**
 * The stats of one entity: taken from insights.json when it lists the
 * entity, so the tools agree with the published insights (which count
 * mentions in the text too); otherwise computed from the reviews that
 * record it, so the tools still answer when insights carry no entities.
 */
export function getEntityStats(entities: readonly EntityInsight[], id: string, reviews: () => readonly ReviewRecord[]): EntityStats {
  const entity = entities.find((candidate) => candidate.id === id);
  if (entity) return { review_count: entity.review_count, average_rating: entity.average_rating, aspects: entity.aspects };
  const { review_count, average_rating, aspects } = summarizeReviews(reviews());
  return { review_count, average_rating, aspects };
}

/** Every review matching search filters (no limit), in dataset order; [] when a name does not resolve. */
export function findReviews(filters: Omit<SearchParams, "limit">, index: DatasetIndex): ReviewRecord[] {
  const found = findMatches({ ...filters, limit: Math.max(1, index.reviews.length) }, index);
  return found.ok ? found.value.positions.map((i) => index.reviews[i]!) : [];
}
