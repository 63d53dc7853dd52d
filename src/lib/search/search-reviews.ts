import type { ValidationIssue } from "../http/validation-error.ts";
import type { SearchResult } from "../schema/api-results.ts";
import { findFirstBefore, findFirstOnOrBefore, type DatasetIndex } from "./dataset-index.ts";
import { foldText } from "./normalize.ts";
import type { ParseResult } from "./parse-query-string.ts";
import type { SearchParams } from "./search-params.ts";
import { serializeReviewListBody, type ReviewListBody } from "./review-list-body.ts";
import { matchTechnician } from "./technician-match.ts";

export type { SearchResult };

/** Positions (in dataset order) of up to `limit` matches after the first `offset`, and how many match in all. */
export interface SearchMatch {
  positions: number[];
  total: number;
  limit: number;
  offset: number;
}

interface SearchPlan {
  /** Date range as positions [from, to): dates descend, so since and until bound a slice. */
  from: number;
  to: number;
  /** Posting lists that must all contain a match (technician, service, aspect). */
  lists: Uint32Array[];
  rating: number | undefined;
  minRating: number | undefined;
  needle: string | undefined;
}

const EMPTY = new Uint32Array(0);

/**
 * Resolves parameters against the index. Names that need the data to resolve
 * (technician, service) are checked here; an unknown or ambiguous one is an
 * invalid request rather than an empty result, so a typo is never mistaken
 * for "no reviews".
 */
function planSearch(params: SearchParams, index: DatasetIndex): ParseResult<SearchPlan> {
  const issues: ValidationIssue[] = [];
  const lists: Uint32Array[] = [];
  const { mentions_technician: technician, mentions_service: service, aspect, sentiment } = params;
  if (technician !== undefined) {
    const match = matchTechnician(technician, index.technicians);
    if (match.kind === "found") lists.push(index.postings.technician.get(match.id) ?? EMPTY);
    else if (match.kind === "ambiguous")
      issues.push({
        path: ["mentions_technician"],
        code: "ambiguous_technician",
        message: `mentions_technician "${technician}" matches ${match.candidates.map((t) => `${t.name} (${t.id})`).join(" and ")}; give the full name or id`,
      });
    else
      issues.push({
        path: ["mentions_technician"],
        code: "unknown_technician",
        message: `mentions_technician "${technician}" is not on the roster; known technicians are ${index.technicians.map((t) => `${t.name} (${t.id})`).join(", ")}`,
      });
  }
  if (service !== undefined) {
    if (index.serviceIds.has(service)) lists.push(index.postings.service.get(service) ?? EMPTY);
    else
      issues.push({
        path: ["mentions_service"],
        code: "unknown_service",
        message: `mentions_service "${service}" is not a service id; known ids are ${[...index.serviceIds].join(", ")}`,
      });
  }
  if (aspect !== undefined || sentiment !== undefined) {
    const key = aspect === undefined ? `*:${sentiment}` : sentiment === undefined ? aspect : `${aspect}:${sentiment}`;
    lists.push(index.postings.aspect.get(key) ?? EMPTY);
  }
  if (issues.length > 0) return { ok: false, issues };
  const folded = params.query === undefined ? "" : foldText(params.query);
  return {
    ok: true,
    value: {
      from: params.until === undefined ? 0 : findFirstOnOrBefore(index.dates, params.until),
      to: params.since === undefined ? index.dates.length : findFirstBefore(index.dates, params.since),
      lists: lists.sort((a, b) => a.length - b.length),
      rating: params.rating,
      minRating: params.min_rating,
      needle: folded === "" ? undefined : folded,
    },
  };
}

/** Membership bitsets for the secondary posting lists, built on first use and kept. */
const bitsets = new WeakMap<Uint32Array, Uint8Array>();
function toBitset(list: Uint32Array, size: number): Uint8Array {
  let bits = bitsets.get(list);
  if (bits === undefined) {
    bits = new Uint8Array(size);
    for (const position of list) bits[position] = 1;
    bitsets.set(list, bits);
  }
  return bits;
}

function lowerBound(list: Uint32Array, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Runs a search: every filter must hold (AND). It walks the shortest posting
 * list (or the date slice), tests the cheap filters first and the text last,
 * and keeps dataset order: newest first, then id.
 */
export function findMatches(params: SearchParams, index: DatasetIndex): ParseResult<SearchMatch> {
  const offset = params.offset ?? 0;
  const planned = planSearch(params, index);
  if (!planned.ok) return planned;
  const { from, to, lists, rating, minRating, needle } = planned.value;
  const { ratings } = index;
  const containsNeedle = needle === undefined ? null : index.textCorpus().matcher(needle);
  const others = lists.slice(1).map((list) => toBitset(list, ratings.length));
  const positions: number[] = [];
  let total = 0;
  const visit = (i: number): void => {
    const stars = ratings[i]!;
    if (rating !== undefined && stars !== rating) return;
    if (minRating !== undefined && stars < minRating) return;
    for (const bits of others) if (bits[i] === 0) return;
    if (containsNeedle !== null && !containsNeedle(i)) return;
    total += 1;
    if (total > offset && positions.length < params.limit) positions.push(i);
  };
  const primary = lists[0];
  if (primary === undefined) {
    for (let i = from; i < to; i += 1) visit(i);
  } else {
    for (let k = lowerBound(primary, from); k < primary.length && primary[k]! < to; k += 1) visit(primary[k]!);
  }
  return { ok: true, value: { positions, total, limit: params.limit, offset } };
}

/** The search envelope as objects (the MCP tool's structured content). */
export function searchReviews(params: SearchParams, index: DatasetIndex): ParseResult<SearchResult> {
  const found = findMatches(params, index);
  if (!found.ok) return found;
  const { positions, total, limit, offset } = found.value;
  return { ok: true, value: { reviews: positions.map((i) => index.reviews[i]!), count: positions.length, total, limit, offset } };
}

/** The search envelope around the matched reviews: serialized, the same bytes as JSON.stringify of {@link searchReviews}. */
export function searchMatchBody(match: SearchMatch): ReviewListBody {
  return {
    head: `{"reviews":[`,
    positions: match.positions,
    tail: `],"count":${match.positions.length},"total":${match.total},"limit":${match.limit},"offset":${match.offset}}`,
  };
}

/** The search envelope as JSON, from the cached per-review JSON. */
export function serializeSearchMatch(match: SearchMatch, index: DatasetIndex): string {
  return serializeReviewListBody(searchMatchBody(match), index);
}
