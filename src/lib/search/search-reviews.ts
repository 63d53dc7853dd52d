import type { ValidationIssue } from "../http/validation-error.ts";
import type { ReviewRecord } from "../schema/review.ts";
import type { DatasetIndex, IndexedReview } from "./dataset-index.ts";
import { foldText } from "./normalize.ts";
import type { ParseResult } from "./parse-query-string.ts";
import type { SearchParams } from "./search-params.ts";
import { matchTechnician } from "./technician-match.ts";

/** The search envelope (design.md): `count` returned, `total` matching. */
export interface SearchResult {
  reviews: ReviewRecord[];
  count: number;
  total: number;
  limit: number;
}

type Filter = (entry: IndexedReview) => boolean;

/**
 * Turns validated parameters into filters over the index. Names that need the
 * data to resolve (technician, service) are checked here, and an unknown or
 * ambiguous one is an invalid request rather than an empty result, so a typo
 * is never mistaken for "no reviews".
 */
export function compileFilters(params: SearchParams, index: DatasetIndex): ParseResult<Filter[]> {
  const filters: Filter[] = [];
  const issues: ValidationIssue[] = [];
  const { rating, min_rating, since, until, query, mentions_technician, mentions_service, aspect, sentiment } = params;

  if (rating !== undefined) filters.push(({ review }) => review.rating === rating);
  if (min_rating !== undefined) filters.push(({ review }) => review.rating >= min_rating);
  if (since !== undefined) filters.push(({ review }) => review.date >= since);
  if (until !== undefined) filters.push(({ review }) => review.date <= until);
  if (query !== undefined) {
    const needle = foldText(query);
    if (needle !== "") filters.push(({ title, text }) => text.includes(needle) || title.includes(needle));
  }
  if (mentions_technician !== undefined) {
    const match = matchTechnician(mentions_technician, index.technicians);
    if (match.kind === "found") filters.push(({ technicianIds }) => technicianIds.has(match.id));
    else if (match.kind === "ambiguous")
      issues.push({
        path: ["mentions_technician"],
        code: "ambiguous_technician",
        message: `mentions_technician "${mentions_technician}" matches ${match.candidates.map((t) => `${t.name} (${t.id})`).join(" and ")}; give the full name or id`,
      });
    else
      issues.push({
        path: ["mentions_technician"],
        code: "unknown_technician",
        message: `mentions_technician "${mentions_technician}" is not on the roster; known technicians are ${index.technicians.map((t) => `${t.name} (${t.id})`).join(", ")}`,
      });
  }
  if (mentions_service !== undefined) {
    if (index.serviceIds.has(mentions_service)) filters.push(({ serviceIds }) => serviceIds.has(mentions_service));
    else
      issues.push({
        path: ["mentions_service"],
        code: "unknown_service",
        message: `mentions_service "${mentions_service}" is not a service id; known ids are ${[...index.serviceIds].join(", ")}`,
      });
  }
  if (aspect !== undefined || sentiment !== undefined)
    filters.push(({ review }) => review.aspects.some((a) => (aspect === undefined || a.aspect === aspect) && (sentiment === undefined || a.sentiment === sentiment)));

  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: filters };
}

/** Runs a search: every filter must hold (AND); results keep the dataset order, newest first then id. */
export function searchReviews(params: SearchParams, index: DatasetIndex): ParseResult<SearchResult> {
  const compiled = compileFilters(params, index);
  if (!compiled.ok) return compiled;
  const filters = compiled.value;
  const reviews: ReviewRecord[] = [];
  let total = 0;
  for (const entry of index.reviews) {
    if (!filters.every((filter) => filter(entry))) continue;
    total += 1;
    if (reviews.length < params.limit) reviews.push(entry.review);
  }
  return { ok: true, value: { reviews, count: reviews.length, total, limit: params.limit } };
}
