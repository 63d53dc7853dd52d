import * as z from "../zod.ts";
import { IsoDateSchema } from "./primitives.ts";
import { AspectSchema } from "./review.ts";

const ScoreSchema = z.number().min(-1).max(1);

export const HighlightPeriodSchema = z
  .object({
    from: IsoDateSchema.describe("First day of the period"),
    to: IsoDateSchema.describe("Last day of the period"),
    review_count: z.int(),
    average_rating: z.number().nullable().describe("Mean star rating, two decimals; null when the period has no review"),
    sentiment_score: ScoreSchema.describe("Aspect sentiment over all aspect mentions in the period: (positive - negative) / total, three decimals"),
    aspect_mentions: z.int(),
  })
  .describe("Figures for twelve months of reviews");

const HighlightAspectSchema = z
  .object({ aspect: AspectSchema, score: ScoreSchema, mentions: z.int() })
  .nullable()
  .describe("Null when no aspect has the five mentions needed to be ranked");

const ChangeSchema = z.object({
  change: z.number().nullable().describe("Last 12 months minus the 12 before; null when either period has nothing to compare"),
  direction: z.enum(["up", "down", "flat", "unknown"]),
});

/**
 * `summary.highlights` of `/insights.json`: figures computed from the
 * reviews. The newest review date stands in for "now", so the figures do not
 * depend on the build's clock. With no reviews, only `review_count` (0) is present.
 */
export const HighlightsSchema = z.object({
  review_count: z.int(),
  first_review_date: IsoDateSchema.optional(),
  latest_review_date: IsoDateSchema.optional(),
  average_rating: z.number().nullable().optional().describe("Mean star rating, two decimals"),
  rating_distribution: z
    .object({ "1": z.int(), "2": z.int(), "3": z.int(), "4": z.int(), "5": z.int() })
    .optional()
    .describe("Number of reviews with each star rating"),
  strongest_aspect: HighlightAspectSchema.optional().describe("The aspect with the highest score among those with at least five mentions"),
  weakest_aspect: HighlightAspectSchema.optional().describe("The aspect with the lowest score among those with at least five mentions"),
  last_12_months: HighlightPeriodSchema.optional().describe("The twelve months up to the newest review"),
  previous_12_months: HighlightPeriodSchema.optional().describe("The twelve months before those"),
  trend: z
    .object({ sentiment: ChangeSchema, rating: ChangeSchema, review_count: ChangeSchema })
    .optional()
    .describe("The last 12 months against the 12 before"),
  most_mentioned_technician: z
    .object({ id: z.string(), name: z.string(), review_count: z.int() })
    .nullable()
    .optional()
    .describe("The technician in the most reviews; null when no review names one"),
});

export type Highlights = z.infer<typeof HighlightsSchema>;
export type HighlightPeriod = z.infer<typeof HighlightPeriodSchema>;
export type HighlightAspect = z.infer<typeof HighlightAspectSchema>;
