import { handleReadRequest } from "../http/read-endpoint.ts";
import { validationErrorResponse } from "../http/validation-error.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import { parseQueryString } from "../search/parse-query-string.ts";
import { SearchParamsSchema } from "../search/search-params.ts";
import { findMatches, searchMatchBody } from "../search/search-reviews.ts";
import { respondWithReviewList } from "./review-list-response.ts";

/** `GET /api/reviews/search` (docs/interface.md §4.4): Request in, Response out. */
export function handleSearchRequest(request: Request, index: DatasetIndex): Response {
  return handleReadRequest(request, () => {
    const parsed = parseQueryString(new URL(request.url).searchParams, SearchParamsSchema);
    if (!parsed.ok) return validationErrorResponse(parsed.issues);
    const found = findMatches(parsed.value, index);
    if (!found.ok) return validationErrorResponse(found.issues);
    return respondWithReviewList(request, searchMatchBody(found.value), index);
  });
}
