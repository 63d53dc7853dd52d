import { respondWithValidators } from "../http/read-endpoint.ts";
import { memoizeBytes } from "../memo.ts";
import type { DatasetIndex } from "../search/dataset-index.ts";
import { computeReviewListEtag, encodeReviewListBody, type ReviewListBody } from "../search/review-list-body.ts";

/**
 * Bodies already encoded, by entity tag: the tag is a SHA-256 over the
 * body's exact bytes (review-list-body.ts), so one tag is one body, whatever
 * the query that led to it and across datasets. 8 MiB at most, none over
 * 1 MiB (a since answer at 10k reviews can be tens of MiB).
 */
const encodedBodies = memoizeBytes({ maxBytes: 8 * 1024 * 1024, maxEntryBytes: 1024 * 1024 });

/** A 200 (or 304) with reviews from the index: the tag comes from the reviews' digests, the body only when it is sent. */
export function respondWithReviewList(request: Request, body: ReviewListBody, index: DatasetIndex): Response {
  const etag = computeReviewListEtag(body, index);
  return respondWithValidators(request, etag, index.lastModifiedDate, () => encodedBodies(etag, () => encodeReviewListBody(body, index)));
}
