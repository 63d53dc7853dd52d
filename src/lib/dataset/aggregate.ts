import type { AggregateRating } from "../schema/dataset.ts";

/** Mean rating rounded to two decimals, with a count for each star. */
export function computeAggregateRating(ratings: readonly number[]): AggregateRating {
  const distribution = { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 };
  let sum = 0;
  for (const rating of ratings) {
    distribution[String(rating) as keyof typeof distribution] += 1;
    sum += rating;
  }
  const mean = ratings.length === 0 ? 0 : Math.round((sum / ratings.length) * 100) / 100;
  return { rating_value: mean, review_count: ratings.length, best_rating: 5, worst_rating: 1, distribution };
}
