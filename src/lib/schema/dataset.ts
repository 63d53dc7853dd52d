import * as z from "../zod.ts";
import { BusinessSchema } from "./business.ts";
import { ReviewRecordSchema } from "./review.ts";

export const AggregateRatingSchema = z.object({
  rating_value: z.number().describe("Mean star rating, rounded to two decimals"),
  review_count: z.int().describe("Number of verified reviews"),
  best_rating: z.literal(5),
  worst_rating: z.literal(1),
  distribution: z.object({ "1": z.int(), "2": z.int(), "3": z.int(), "4": z.int(), "5": z.int() }).describe("Number of reviews with each star rating"),
});

export const BusinessRecordSchema = BusinessSchema;

/** `/reviews.json`: the whole dataset, reviews newest first (date, then id). */
export const ReviewsDatasetSchema = z.object({
  business: BusinessRecordSchema,
  aggregate_rating: AggregateRatingSchema,
  reviews: z.array(ReviewRecordSchema),
});

export type AggregateRating = z.infer<typeof AggregateRatingSchema>;
export type ReviewsDataset = z.infer<typeof ReviewsDatasetSchema>;
