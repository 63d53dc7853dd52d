import type { ReviewRecord } from "../../schema/review.ts";
import type { EntityInsight } from "../../schema/insights.ts";
import { summarizeReviews } from "../review-stats.ts";

/** Review count, average rating, aspect breakdown and review ids for each entity, in the given entity order. */
export function describeEntities(
  entities: ReadonlyArray<{ id: string; name: string }>,
  reviews: readonly ReviewRecord[],
  idsOf: (review: ReviewRecord) => readonly string[],
): EntityInsight[] {
  const byEntity = new Map(entities.map((e) => [e.id, [] as ReviewRecord[]]));
  for (const review of reviews) for (const id of new Set(idsOf(review))) byEntity.get(id)?.push(review);
  return entities.map(({ id, name }) => {
    const matching = byEntity.get(id) ?? [];
    const { review_count, average_rating, aspects } = summarizeReviews(matching);
    return { id, name, review_count, average_rating, aspects, review_ids: matching.map((r) => r.id) };
  });
}
