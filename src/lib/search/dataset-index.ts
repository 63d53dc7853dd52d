import { hash } from "node:crypto";
import { escapeJsonStringContents } from "../bytes.ts";
import { latestUpdate } from "../feeds/feed-items.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import { ASPECTS, type ReviewRecord, type Sentiment } from "../schema/review.ts";

import { foldText } from "./normalize.ts";
import { buildTextCorpus, type TextCorpus } from "./text-corpus.ts";

const SENTIMENTS: readonly Sentiment[] = ["positive", "negative", "mixed"];

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
  /** {@link reviewJson} as UTF-8, encoded once: HTTP answers are these bytes copied together (review-list-body.ts). */
  reviewBytes: (position: number) => Uint8Array;
  /** {@link reviewJson} escaped as the contents of a JSON string, as UTF-8, encoded once: the text copy inside an MCP answer. */
  reviewEscapedBytes: (position: number) => Uint8Array;
  /** The SHA-256 (base64url) of {@link reviewJson}, computed once: entity tags of answers are built from these (review-list-body.ts). */
  reviewDigest: (position: number) => string;
}

const UTF8 = new TextEncoder();
const SLOTS_PER_ASPECT = 1 + SENTIMENTS.length;
const ASPECT_SLOT = new Map(ASPECTS.map((aspect, i) => [aspect, i * SLOTS_PER_ASPECT]));
const SENTIMENT_OFFSET = new Map(SENTIMENTS.map((sentiment, i) => [sentiment, i]));
/** Posting keys by slot: per aspect the aspect alone then `aspect:sentiment` per polarity, then `*:sentiment` per polarity. */
const ASPECT_SLOT_KEYS = [
  ...ASPECTS.flatMap((aspect) => [aspect, ...SENTIMENTS.map((sentiment) => `${aspect}:${sentiment}`)]),
  ...SENTIMENTS.map((sentiment) => `*:${sentiment}`),
];
const ANY_ASPECT_SLOT = ASPECTS.length * SLOTS_PER_ASPECT;

/** Appends a position to a list once: a review may hold the same key twice (two opinions of one polarity). */
function addPosition(list: number[], position: number): void {
  if (list[list.length - 1] !== position) list.push(position);
}

function addPosting(map: Map<string, number[]>, key: string, position: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [position]);
  else addPosition(list, position);
}

const freeze = (entries: Iterable<[string, number[]]>) => {
  const frozen = new Map<string, Uint32Array>();
  for (const [key, list] of entries) if (list.length > 0) frozen.set(key, new Uint32Array(list));
  return frozen;
};

/**
 * One pass over the reviews with plain loops and integer slots for aspect
 * keys: the index is built on every cold start, so this loop is part of the
 * first request's latency.
 */
export function indexDataset(dataset: ReviewsDataset): DatasetIndex {
  const { reviews } = dataset;
  const count = reviews.length;
  const ratings = new Uint8Array(count);
  const dates: string[] = new Array(count);
  const technician = new Map<string, number[]>();
  const service = new Map<string, number[]>();
  const aspectSlots: number[][] = ASPECT_SLOT_KEYS.map(() => []);
  for (let i = 0; i < count; i += 1) {
    const review = reviews[i]!;
    ratings[i] = review.rating;
    dates[i] = review.date;
    for (const t of review.technicians) addPosting(technician, t.id, i);
    for (const s of review.services) addPosting(service, s.id, i);
    for (const opinion of review.aspects) {
      const slot = ASPECT_SLOT.get(opinion.aspect)!;
      const offset = SENTIMENT_OFFSET.get(opinion.sentiment)!;
      addPosition(aspectSlots[slot]!, i);
      addPosition(aspectSlots[slot + 1 + offset]!, i);
      addPosition(aspectSlots[ANY_ASPECT_SLOT + offset]!, i);
    }
  }
  const json: (string | undefined)[] = new Array(reviews.length);
  const bytes: (Uint8Array | undefined)[] = new Array(reviews.length);
  const escapedBytes: (Uint8Array | undefined)[] = new Array(reviews.length);
  const digests: (string | undefined)[] = new Array(reviews.length);
  const reviewJson = (position: number) => (json[position] ??= JSON.stringify(reviews[position]));
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
    postings: {
      technician: freeze(technician),
      service: freeze(service),
      aspect: freeze(aspectSlots.map((list, slot): [string, number[]] => [ASPECT_SLOT_KEYS[slot]!, list])),
    },
    reviewJson,
    reviewBytes: (position) => (bytes[position] ??= UTF8.encode(reviewJson(position))),
    reviewEscapedBytes: (position) => (escapedBytes[position] ??= UTF8.encode(escapeJsonStringContents(reviewJson(position)))),
    reviewDigest: (position) => (digests[position] ??= hash("sha256", reviewJson(position), "base64url")),
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
