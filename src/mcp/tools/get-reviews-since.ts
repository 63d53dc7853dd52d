import { SincePathSchema } from "../../lib/api/since-endpoint.ts";
import { SinceResultSchema } from "../../lib/schema/api-results.ts";
import { listReviewsSince, reviewsSinceBody } from "../../lib/search/reviews-since.ts";
import { defineTool } from "../tool-definition.ts";
import { toReviewListResult } from "../tool-result.ts";

/** `get_reviews_since`: the MCP twin of `GET /api/reviews/since/{date}`, validated by the same schema. */
export const getReviewsSinceTool = defineTool({
  name: "get_reviews_since",
  title: "Reviews since a date",
  description:
    "Returns every verified review dated on or after the given day, oldest first, as {since, count, reviews} with full review records. Use it for 'what have customers said recently / this year / since March', or to catch up on reviews newer than ones you have seen. Unlike search_reviews it has no limit, so pick a recent date.",
  inputSchema: SincePathSchema,
  outputSchema: SinceResultSchema,
  run: ({ date }, { index }) => toReviewListResult(listReviewsSince(date, index), reviewsSinceBody(date, index), index),
});
