import { latestUpdate } from "../feeds/feed-items.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import { ASPECTS, type Aspect, type ReviewRecord, type Sentiment } from "../schema/review.ts";

const SENTIMENTS: readonly Sentiment[] = ["positive", "negative", "mixed"];
import { foldText } from "./normalize.ts";
import { buildTextCorpus, type TextCorpus } from "./text-corpus.ts";

export interface TechnicianName {
  id: string;
  name: string;
  folded: { id: string; full: string; first: string };
}

/**
 * The dataset as the functions and MCP tools query it, built once per
 * instance from the `/reviews.json` the build produced. Position i is the
 * i-th review in dataset order (newest first, then id), so every posting
 * list is ascending and filtering preserves the order.
 */
export interface DatasetIndex {
  dataset: ReviewsDataset;
  reviews: readonly ReviewRecord[];
  /** The review with this id, or null. */
  findReview: (id: string) => ReviewRecord | null;
  technicians: readonly TechnicianName[];
  serviceIds: ReadonlySet<string>;
  /** Newest review or reply date in the data: the basis of `Last-Modified`. */
  lastModifiedDate: string;
  ratings: Uint8Array;
  /** Review dates, descending, for binary search. */
  dates: readonly string[];
  /**
   * Folded titles and texts, for `query`. Folding every review costs more
   * than the rest of the index, so it happens on the first text query of an
   * instance, not at cold start.
   */
  textCorpus: () => TextCorpus;
  /** Positions per technician id, service id, and `aspect`, `aspect:sentiment` or `*:sentiment`. */
  postings: {
    technician: ReadonlyMap<string, Uint32Array>;
    service: ReadonlyMap<string, Uint32Array>;
    aspect: ReadonlyMap<string, Uint32Array>;
  };
  /** The review at a position as JSON, serialized once and then reused. */
  reviewJson: (position: number) => string;
}

/** The posting keys an aspect opinion belongs to: the aspect, the aspect with its polarity, and the polarity alone. */
const ASPECT_KEYS = Object.fromEntries(
  ASPECTS.map((aspect) => [aspect, Object.fromEntries(SENTIMENTS.map((sentiment) => [sentiment, [aspect, `${aspect}:${sentiment}`, `*:${sentiment}`]]))]),
) as unknown as Record<Aspect, Record<Sentiment, readonly string[]>>;

function addPosting(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [position]);
  else if (list.at(-1) !== position) list.push(position);
}

const freeze = (map: Map<string, number[]>) => new Map([...map].map(([key, list]) => [key, Uint32Array.from(list)]));

export function indexDataset(dataset: ReviewsDataset): DatasetIndex {
  const { reviews } = dataset;
  const ratings = new Uint8Array(reviews.length);
  const dates: string[] = new Array(reviews.length);
  const technician = new Map<string, number[]>();
  const service = new Map<string, number[]>();
  const aspect = new Map<string, number[]>();
  reviews.forEach((review, i) => {
    ratings[i] = review.rating;
    dates[i] = review.date;
    for (const t of review.technicians) addPosting(technician, t.id, i);
    for (const s of review.services) addPosting(service, s.id, i);
    for (const a of review.aspects) for (const key of ASPECT_KEYS[a.aspect][a.sentiment]) addPosting(aspect, key, i);
  });
  const json: (string | undefined)[] = new Array(reviews.length);
  let corpus: TextCorpus | undefined;
  let byId: Map<string, ReviewRecord> | undefined;
  return {
    dataset,
    reviews,
    findReview: (id) => (byId ??= new Map(reviews.map((review) => [review.id, review]))).get(id) ?? null,
    technicians: dataset.business.technicians.map(({ id, name }) => ({
      id,
      name,
      folded: { id: foldText(id), full: foldText(name), first: foldText(name.split(/\s+/)[0] ?? name) },
    })),
    serviceIds: new Set(dataset.business.services.map((s) => s.id)),
    lastModifiedDate: latestUpdate(reviews),
    ratings,
    dates,
    textCorpus: () =>
      (corpus ??= buildTextCorpus(
        reviews.map((review) => review.title),
        reviews.map((review) => review.text),
      )),
    postings: { technician: freeze(technician), service: freeze(service), aspect: freeze(aspect) },
    reviewJson: (position) => (json[position] ??= JSON.stringify(reviews[position])),
  };
}

/** First position whose date is on or before `until` (dates descend). */
export function findFirstOnOrBefore(dates: readonly string[], until: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! > until) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First position whose date is before `since`: positions before it are on or after `since`. */
export function findFirstBefore(dates: readonly string[], since: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! >= since) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
