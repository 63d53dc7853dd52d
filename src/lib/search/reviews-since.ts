import type { SinceResult } from "../schema/api-results.ts";
import { findFirstBefore, type DatasetIndex } from "./dataset-index.ts";
import { serializeReviewListBody, type ReviewListBody } from "./review-list-body.ts";

export type { SinceResult };

/**
 * Positions of the reviews dated on or after `since`, oldest first, then by
 * id. The index is newest first (then id), so the matches are a prefix of it;
 * walking it backwards day by day keeps ids ascending within a day.
 */
export function findPositionsSince(since: string, index: DatasetIndex): number[] {
  const end = findFirstBefore(index.dates, since);
  const positions: number[] = [];
  let blockEnd = end;
  while (blockEnd > 0) {
    const day = index.dates[blockEnd - 1];
    let blockStart = blockEnd - 1;
    while (blockStart > 0 && index.dates[blockStart - 1] === day) blockStart -= 1;
    for (let i = blockStart; i < blockEnd; i += 1) positions.push(i);
    blockEnd = blockStart;
  }
  return positions;
}

/** `{since, count, reviews}` (docs/design.md), oldest first so a client can sync incrementally. */
export function listReviewsSince(since: string, index: DatasetIndex): SinceResult {
  const reviews = findPositionsSince(since, index).map((i) => index.reviews[i]!);
  return { since, count: reviews.length, reviews };
}

/** The since envelope around the matched reviews: serialized, the same bytes as JSON.stringify of {@link listReviewsSince}. */
export function reviewsSinceBody(since: string, index: DatasetIndex): ReviewListBody {
  const positions = findPositionsSince(since, index);
  return { head: `{"since":${JSON.stringify(since)},"count":${positions.length},"reviews":[`, positions, tail: "]}" };
}

/** The since envelope as JSON, from the cached per-review JSON. */
export function serializeReviewsSince(since: string, index: DatasetIndex): string {
  return serializeReviewListBody(reviewsSinceBody(since, index), index);
}
