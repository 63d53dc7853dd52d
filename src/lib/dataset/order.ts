import type { ReviewRecord } from "../schema/review.ts";

type Dated = Pick<ReviewRecord, "date" | "id">;

/** Newest first; reviews of the same day by id, so the order is total and stable. */
export function compareNewestFirst(a: Dated, b: Dated): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
