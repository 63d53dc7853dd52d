import { SearchResultSchema } from "../../lib/schema/api-results.ts";
import { SEARCH_LIMIT, SearchParamsSchema } from "../../lib/search/search-params.ts";
import { findMatches, searchMatchBody } from "../../lib/search/search-reviews.ts";
import { defineTool } from "../tool-definition.ts";
import { toInvalidRequestError, toReviewListResult } from "../tool-result.ts";

/**
 * `search_reviews` (docs/interface.md §4.6): the MCP twin of `GET /api/reviews/search`. Its input
 * schema is the REST endpoint's SearchParamsSchema, so both take the same parameters and bounds,
 * and unknown names fail with the same messages (as an `isError` result). The output schema is
 * the REST envelope's, and the text copy is the REST body, byte for byte.
 */
export const searchReviewsTool = defineTool({
  name: "search_reviews",
  title: "Search reviews",
  description: `Finds verified customer reviews by star rating, date range, words in the text, technician, service, or aspect sentiment. All filters are optional and combine with AND. Returns {reviews, count, total, limit, offset}: full review records (text, rating, date, author, technicians, services, owner response, per-aspect sentiment with evidence), newest first, at most limit (default ${SEARCH_LIMIT.default}, max ${SEARCH_LIMIT.max}); total tells how many matched before the limit; page with offset. Use it to quote or count reviews, e.g. {rating: 1} for complaints, {aspect: "punctuality", sentiment: "negative"} for lateness, {query: "creosote"}, {mentions_technician: "Dana"}, {mentions_service: "dryer-vent-cleaning"}. What each aspect covers is defined at /docs/aspects/ on this site (e.g. a call about running late is punctuality, an unmentioned fee is price_value). Same parameters and rules as GET /api/reviews/search.`,
  inputSchema: SearchParamsSchema,
  outputSchema: SearchResultSchema,
  run: (params, { index }) => {
    const found = findMatches(params, index);
    if (!found.ok) return toInvalidRequestError(found.issues);
    const { positions, total, limit, offset } = found.value;
    const envelope = { reviews: positions.map((i) => index.reviews[i]!), count: positions.length, total, limit, offset };
    return toReviewListResult(envelope, searchMatchBody(found.value), index);
  },
});
