import type { ReviewRecord } from "../schema/review.ts";

/** The feeds carry the 50 newest reviews (docs/interface.md §8). */
export const FEED_SIZE = 50;

/** A title for every item: the reviewer's own, or one made from the rating and author. */
export function describeReview(review: ReviewRecord): string {
  return review.title ?? `${review.rating}-star review by ${review.author.name}`;
}

/** When a review last changed: the owner's reply counts as a change. */
export function reviewUpdatedDate(review: ReviewRecord): string {
  return review.response !== null && review.response.date > review.date ? review.response.date : review.date;
}

/** RFC 3339 timestamp at the start of a calendar day, UTC. Data-derived, never the clock. */
export function toTimestamp(isoDate: string): string {
  return `${isoDate}T00:00:00Z`;
}

/**
 * The newest date any of these reviews changed, or the Unix epoch when there
 * are none: also the data's `Last-Modified` (docs/design.md: derived from the
 * data, not the clock), which every file and answer made from one dataset carries.
 */
export function latestUpdate(reviews: readonly ReviewRecord[]): string {
  let latest = "1970-01-01";
  for (const review of reviews) {
    const updated = reviewUpdatedDate(review);
    if (updated > latest) latest = updated;
  }
  return latest;
}
