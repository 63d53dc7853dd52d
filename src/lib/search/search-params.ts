import * as z from "../zod.ts";
import { IsoDateSchema, SlugSchema } from "../schema/primitives.ts";
import { AspectSchema, SentimentSchema } from "../schema/review.ts";

export const SEARCH_LIMIT = { default: 20, min: 1, max: 100 } as const;
export const QUERY_MAX_LENGTH = 500;
/** `offset` is a paging extension (not in docs/interface.md §4.4): matches to skip before the first returned. */
export const SEARCH_OFFSET_MAX = 1_000_000;

/**
 * Free text that must say something: blank values are refused with the
 * message the REST query string gets for an empty parameter
 * (parse-query-string.ts), so MCP callers, who pass JSON, are told the same.
 */
const nonBlankText = (what: string, maxLength: number) =>
  z
    .string()
    .min(1, { error: `${what} is empty; give a value or leave the parameter out` })
    .max(maxLength, { error: `${what} must be at most ${maxLength} characters` })
    .regex(/\S/, { error: `${what} is empty; give a value or leave the parameter out` });

const starRating = (what: string) =>
  z
    .number({ error: `${what} must be a number from 1 to 5` })
    .min(1, { error: `${what} must be at least 1` })
    .max(5, { error: `${what} must be at most 5` });

/**
 * The search parameters (docs/interface.md §4.4, plus `aspect` and `sentiment`).
 * This one schema validates the REST query string, is the MCP
 * `search_reviews` input schema, and generates the OpenAPI parameters.
 */
export const SearchParamsSchema = z
  .strictObject({
    rating: z
      .int({ error: "rating must be a whole number from 1 to 5" })
      .min(1, { error: "rating must be at least 1" })
      .max(5, { error: "rating must be at most 5" })
      .optional()
      .describe("Exact star rating to match, a whole number from 1 to 5.")
      .meta({ examples: [5] }),
    min_rating: starRating("min_rating")
      .optional()
      .describe("Minimum star rating, inclusive, from 1 to 5 (decimals allowed).")
      .meta({ examples: [4] }),
    since: IsoDateSchema.optional()
      .describe("Only reviews dated on or after this day, YYYY-MM-DD.")
      .meta({ examples: ["2025-01-01"] }),
    until: IsoDateSchema.optional()
      .describe("Only reviews dated on or before this day, YYYY-MM-DD.")
      .meta({ examples: ["2025-12-31"] }),
    query: nonBlankText("query", QUERY_MAX_LENGTH)
      .optional()
      .describe("Text to find in the review title or text; case- and accent-insensitive substring match.")
      .meta({ examples: ["creosote"] }),
    mentions_technician: nonBlankText("mentions_technician", 100)
      .optional()
      .describe(
        "Technician recorded on the review: id, full name or unambiguous first name, case- and accent-insensitive (e.g. dana-okafor, Dana Okafor, dana).",
      )
      .meta({ examples: ["Dana"] }),
    mentions_service: SlugSchema.optional()
      .describe("Service id recorded on the review, e.g. chimney-sweep or dryer-vent-cleaning (see the business's services).")
      .meta({ examples: ["dryer-vent-cleaning"] }),
    aspect: AspectSchema.optional().describe("Only reviews with an opinion on this aspect."),
    sentiment: SentimentSchema.optional().describe("Only reviews with an opinion of this polarity; combined with aspect, the polarity of that aspect."),
    limit: z
      .int({ error: `limit must be a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}` })
      .min(SEARCH_LIMIT.min, { error: `limit must be at least ${SEARCH_LIMIT.min}` })
      .max(SEARCH_LIMIT.max, { error: `limit must be at most ${SEARCH_LIMIT.max}` })
      .default(SEARCH_LIMIT.default)
      .describe(`Maximum number of reviews returned, ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}; default ${SEARCH_LIMIT.default}.`),
    offset: z
      .int({ error: `offset must be a whole number from 0 to ${SEARCH_OFFSET_MAX}` })
      .min(0, { error: "offset must be at least 0" })
      .max(SEARCH_OFFSET_MAX, { error: `offset must be at most ${SEARCH_OFFSET_MAX}` })
      .optional()
      .describe("How many matching reviews to skip before the first one returned, for paging with limit; default 0.")
      .meta({ examples: [20] }),
  })
  .refine((params) => params.since === undefined || params.until === undefined || params.since <= params.until, {
    path: ["since"],
    error: "since must be on or before until",
  });

export type SearchParams = z.output<typeof SearchParamsSchema>;
export const SEARCH_PARAM_NAMES = Object.keys(SearchParamsSchema.shape) as (keyof SearchParams)[];
