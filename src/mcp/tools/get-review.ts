import * as z from "../../lib/zod.ts";
import { ReviewRecordSchema } from "../../lib/schema/review.ts";
import type { DatasetIndex } from "../../lib/search/dataset-index.ts";
import { foldText } from "../../lib/search/normalize.ts";
import { defineTool } from "../tool-definition.ts";
import { toToolError, toToolResult } from "../tool-result.ts";

const InputSchema = z.strictObject({
  id: z.string().min(1).max(120).describe("Review id as returned by the other tools, e.g. 2024-10-03-karen-w (date of the review, then the reviewer)."),
});

export const GetReviewOutputSchema = z.object({ review: ReviewRecordSchema });

const MAX_SUGGESTIONS = 5;

/** Ids that look like what was asked for: same date prefix, or containing the folded text. */
function suggestIds(wanted: string, index: DatasetIndex): string[] {
  const folded = foldText(wanted);
  const datePrefix = /^\d{4}-\d{2}-\d{2}/.exec(folded)?.[0];
  return index.reviews
    .map((review) => review.id)
    .filter((id) => (datePrefix !== undefined && id.startsWith(datePrefix)) || id.includes(folded))
    .slice(0, MAX_SUGGESTIONS);
}

/** `get_review`: one review by id; an unknown id is an `isError` result that says how to find ids. */
export const getReviewTool = defineTool({
  name: "get_review",
  title: "One review by id",
  description:
    "Returns one verified review by its id, as {review} with the full record: rating, date, title, text, author, verification, technicians, services, service area, the owner's response, and per-aspect sentiment with evidence. Use it to read a review cited by id elsewhere (insights quotes, FAQ answers, evaluate_topic). An unknown id returns an error naming similar ids.",
  inputSchema: InputSchema,
  outputSchema: GetReviewOutputSchema,
  run: ({ id }, { index }) => {
    const review = index.findReview(id);
    if (review) return toToolResult({ review });
    const similar = suggestIds(id, index);
    const hint = similar.length > 0 ? ` Similar ids: ${similar.join(", ")}.` : " Find ids with search_reviews or get_reviews_since.";
    return toToolError({ error: "not_found", message: `No review has the id "${id}".${hint}` });
  },
});
