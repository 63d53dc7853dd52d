import { compareOldestFirst } from "../dataset/order.ts";
import type { ReviewRecord } from "../schema/review.ts";
import type { DatasetIndex } from "./dataset-index.ts";

/** `{since, count, reviews}` (design.md), oldest first so a client can sync incrementally. */
export interface SinceResult {
  since: string;
  count: number;
  reviews: ReviewRecord[];
}

/** Reviews dated on or after `since`. The index is newest first, so the matches are a prefix of it. */
export function listReviewsSince(since: string, index: DatasetIndex): SinceResult {
  const reviews: ReviewRecord[] = [];
  for (const { review } of index.reviews) {
    if (review.date < since) break;
    reviews.push(review);
  }
  reviews.sort(compareOldestFirst);
  return { since, count: reviews.length, reviews };
}
