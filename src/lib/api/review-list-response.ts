import { respondWithValidators } from "../http/read-endpoint.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import { computeReviewListEtag, encodeReviewListBody, type ReviewListBody } from "../search/review-list-body.ts";

/** A 200 (or 304) with reviews from the index: the tag comes from the reviews' digests, the body only when it is sent. */
export function respondWithReviewList(request: Request, body: ReviewListBody, index: DatasetIndex): Response {
  return respondWithValidators(request, computeReviewListEtag(body, index), index.lastModifiedDate, () => encodeReviewListBody(body, index));
}
