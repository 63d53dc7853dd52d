import { findReviewOwners, readRoster } from "../lib/content/check-review.ts";
import type { ContentContext } from "./check-entry.ts";
import type { QueryFn, QueryHit } from "./decap.ts";

/** How long a read of the other content files is reused: a form opened later reads them again. */
const FRESH_MS = 5_000;

let pending: Promise<ContentContext> | null = null;
let current: ContentContext | null = null;
let readAt = -Infinity;
/** The last widget's `query` and namespace, so the save check can read again without a widget. */
let lastReader: { query: QueryFn; namespace: string } | null = null;

const hitsOf = (answer: unknown): QueryHit[] => ((answer as { payload?: { hits?: QueryHit[] } } | undefined)?.payload?.hits ?? []) as QueryHit[];

/**
 * Reads what an entry is checked against (the business file's roster and
 * every review's id) through Decap's own backend, with a widget's `query`:
 * the files as they are in the repository (or, locally, on disk), not as
 * the last build saw them.
 */
export function readContentContext(query: QueryFn, namespace: string, now: number): Promise<ContentContext> {
  lastReader = { query, namespace };
  if (pending !== null && now - readAt < FRESH_MS) return pending;
  readAt = now;
  const reading = Promise.all([query(namespace, "business", ["id"], "", "business"), query(namespace, "reviews", ["id"], "")]).then(([business, reviews]) => {
    const context: ContentContext = {
      roster: readRoster(hitsOf(business)[0]?.data),
      reviewOwners: findReviewOwners(hitsOf(reviews).map((hit) => ({ path: hit.path, id: hit.data.id }))),
    };
    current = context;
    return context;
  });
  pending = reading;
  // A failed read is tried again by the next form that opens; a save meanwhile is refused (main.ts).
  reading.catch(() => {
    if (pending === reading) pending = null;
  });
  return reading;
}

/** The last context read, or null before the first read finishes. */
export function getContentContext(): ContentContext | null {
  return current;
}

/** A read no older than a few seconds (the save check's), or null when no form has opened to read through. */
export function refreshContentContext(now: number): Promise<ContentContext> | null {
  return lastReader === null ? null : readContentContext(lastReader.query, lastReader.namespace, now);
}
