import * as z from "../zod.ts";
import { ReviewRecordSchema } from "./review.ts";

/** `GET /api/reviews/search` envelope (docs/design.md): `count` returned, `total` matching. */
export const SearchResultSchema = z.object({
  reviews: z.array(ReviewRecordSchema).describe("Matching reviews, newest first, then by id"),
  count: z.int().describe("Number of reviews in this response"),
  total: z.int().describe("Number of reviews matching all filters"),
  limit: z.int().describe("The limit applied"),
  offset: z.int().describe("How many matching reviews were skipped before the first returned"),
});

/** `GET /api/reviews/since/{date}` envelope (docs/design.md), oldest first for incremental sync. */
export const SinceResultSchema = z.object({
  since: z.string().describe("The date asked for, YYYY-MM-DD"),
  count: z.int().describe("Number of reviews returned"),
  reviews: z.array(ReviewRecordSchema).describe("Reviews dated on or after `since`, oldest first, then by id"),
});

/** Every error but validation: `{error, message}`. */
export const ErrorSchema = z.object({
  error: z.string().describe("Stable machine-readable code, e.g. not_found, method_not_allowed"),
  message: z.string().describe("What went wrong and what to do about it"),
});

export const ValidationIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.int()])).describe("The parameter at fault"),
  code: z.string().describe("Stable code, e.g. too_big, invalid_type, unknown_parameter, repeated_parameter"),
  message: z.string().describe("A sentence for people"),
});

/** The 400 body: `{error: "invalid_request", message, issues}`. */
export const ValidationErrorSchema = z.object({
  error: z.literal("invalid_request"),
  message: z.string(),
  issues: z.array(ValidationIssueSchema).min(1),
});

export type SearchResult = z.infer<typeof SearchResultSchema>;
export type SinceResult = z.infer<typeof SinceResultSchema>;
