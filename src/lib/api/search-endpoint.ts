import { handleReadRequest } from "../http/read-endpoint.ts";
import { memoizeText } from "../memo.ts";
import { validationErrorResponse } from "../http/validation-error.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import { parseQueryString } from "../search/parse-query-string.ts";
import { SearchParamsSchema } from "../search/search-params.ts";
import { findMatches, searchMatchBody } from "../search/search-reviews.ts";
import { respondWithReviewList } from "./review-list-response.ts";

/**
 * Query strings already validated, with their outcome: parsing is a pure
 * function of the string, and most traffic repeats a few queries (a page's
 * filters, a client's polling).
 */
const parseSearchQuery = memoizeText(1_000, (search) => parseQueryString(search, SearchParamsSchema));

/**
 * `GET /api/reviews/search` (docs/interface.md §4.4): Request in, Response
 * out. `url` is the request's URL when the caller has parsed it already
 * (a Netlify function's `context.url`).
 */
export function handleSearchRequest(request: Request, index: DatasetIndex, url?: URL): Response {
  return handleReadRequest(request, () => {
    const parsed = parseSearchQuery((url ?? new URL(request.url)).search);
    if (!parsed.ok) return validationErrorResponse(parsed.issues);
    const found = findMatches(parsed.value, index);
    if (!found.ok) return validationErrorResponse(found.issues);
    return respondWithReviewList(request, searchMatchBody(found.value), index);
  });
}
