import * as z from "../zod.ts";
import { computeAggregateRating } from "../dataset/aggregate.ts";
import { AggregateRatingSchema } from "../schema/dataset.ts";
import { EntityInsightSchema, type EntityInsight } from "../schema/insights.ts";
import type { ReviewRecord } from "../schema/review.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import type { SearchParams } from "../search/search-params.ts";
import { findMatches } from "../search/search-reviews.ts";
import { countAspectMentions } from "./aspects/summarize-aspects.ts";
import { averageRating } from "./shared/round.ts";

/** Count, mean, spread and aspects of a set of reviews, in the shapes insights.json uses for entities. */
export const ReviewSetStatsSchema = z.object({
  review_count: EntityInsightSchema.shape.review_count.describe("Number of reviews in the set"),
  average_rating: EntityInsightSchema.shape.average_rating,
  rating_distribution: AggregateRatingSchema.shape.distribution,
  aspects: EntityInsightSchema.shape.aspects.describe(
    "Opinions per aspect in these reviews, every aspect in the fixed order: mentions by sentiment and score = (positive - negative) / total, from -1 to 1, three decimals (0 when nobody mentioned it)",
  ),
});
export type ReviewSetStats = z.infer<typeof ReviewSetStatsSchema>;

/**
 * The stats of `reviews`, computed exactly as insights.json computes an
 * entity's (same rounding, same aspect list), so a tool and the published
 * insights never disagree about the same reviews.
 */
export function summarizeReviews(reviews: readonly ReviewRecord[]): ReviewSetStats {
  const ratings = reviews.map((review) => review.rating);
  return {
    review_count: reviews.length,
    average_rating: averageRating(ratings),
    rating_distribution: computeAggregateRating(ratings).distribution,
    aspects: countAspectMentions(reviews),
  };
}

/** Count, mean rating and aspects of one technician or service, as list_technicians and list_services report them. */
export const EntityStatsSchema = ReviewSetStatsSchema.pick({ review_count: true, average_rating: true, aspects: true });
export type EntityStats = z.infer<typeof EntityStatsSchema>;

/**
 * The stats of one entity: taken from insights.json when it lists the
 * entity (which counts mentions in the text too); otherwise computed from
 * the reviews that record it, by the same rules.
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
