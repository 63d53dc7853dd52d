/**
 * The review list's filters as they appear in the page URL
 * (`/reviews/?rating=5&technician=dana-okafor&service=chimney-sweep&page=2`)
 * and as a search API request (`GET /api/reviews/search`, docs/interface.md §4.4,
 * paged with its `limit` and the `offset` extension). Pure, with no schema
 * library, so the filter script stays small.
 */
import { REVIEWS_PER_PAGE } from "./paginate.ts";

export interface ReviewFilters {
  rating: number | null;
  /** Technician id, as on the roster. */
  technician: string | null;
  /** Service id, as on the roster. */
  service: string | null;
  /** 1-based page of the filtered results. */
  page: number;
}

/** The ids the filters may take; anything else in a URL is ignored rather than sent to the API. */
export interface FilterChoices {
  technicians: readonly string[];
  services: readonly string[];
}

export const NO_FILTERS: ReviewFilters = { rating: null, technician: null, service: null, page: 1 };

const MAX_PAGE = 100_000;

/**
 * Reads the filters from a page's query string. Unknown ids, ratings other
 * than 1 to 5 and malformed page numbers are dropped, so a hand-edited or
 * stale link still shows a sensible list (and findInvalidFilters says what
 * was dropped).
 */
export function readReviewFilters(query: URLSearchParams, choices: FilterChoices): ReviewFilters {
  const rating = query.get("rating") ?? "";
  const technician = query.get("technician") ?? "";
  const service = query.get("service") ?? "";
  const page = query.get("page") ?? "";
  return {
    rating: /^[1-5]$/.test(rating) ? Number(rating) : null,
    technician: choices.technicians.includes(technician) ? technician : null,
    service: choices.services.includes(service) ? service : null,
    page: /^[1-9][0-9]*$/.test(page) && Number(page) <= MAX_PAGE ? Number(page) : 1,
  };
}

/**
 * What readReviewFilters drops from a query string, in words, so the page
 * can say so: `rating=9` must not quietly show every review.
 */
export function findInvalidFilters(query: URLSearchParams, choices: FilterChoices): string[] {
  const problems: string[] = [];
  const given = (name: string) => {
    const value = query.get(name);
    return value === null || value === "" ? null : value;
  };
  const filters = readReviewFilters(query, choices);
  const rating = given("rating");
  if (rating !== null && filters.rating === null) problems.push(`rating "${rating}" is not a star rating from 1 to 5`);
  const technician = given("technician");
  if (technician !== null && filters.technician === null) problems.push(`technician "${technician}" is not one of the technicians listed in the form`);
  const service = given("service");
  if (service !== null && filters.service === null) problems.push(`service "${service}" is not one of the services listed in the form`);
  const page = given("page");
  if (page !== null && String(filters.page) !== page) problems.push(`page "${page}" is not a page number`);
  return problems;
}

/** The sentence the page shows for invalid filters ("" for none). */
export function describeInvalidFilters(problems: readonly string[]): string {
  if (problems.length === 0) return "";
  return `Ignored ${problems.length === 1 ? "an invalid filter" : `${problems.length} invalid filters`}: ${problems.join("; ")}.`;
}

export function hasFilters(filters: ReviewFilters): boolean {
  return filters.rating !== null || filters.technician !== null || filters.service !== null;
}

/** The page's own query string for these filters ("" for none), with `page` only past the first. */
export function toFilterQuery(filters: ReviewFilters): string {
  const query = new URLSearchParams();
  if (filters.rating !== null) query.set("rating", String(filters.rating));
  if (filters.technician !== null) query.set("technician", filters.technician);
  if (filters.service !== null) query.set("service", filters.service);
  if (hasFilters(filters) && filters.page > 1) query.set("page", String(filters.page));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The search API request for one page of filtered results, relative to the site. */
export function toSearchApiPath(filters: ReviewFilters, pageSize: number = REVIEWS_PER_PAGE): string {
  const query = new URLSearchParams();
  if (filters.rating !== null) query.set("rating", String(filters.rating));
  if (filters.technician !== null) query.set("mentions_technician", filters.technician);
  if (filters.service !== null) query.set("mentions_service", filters.service);
  query.set("limit", String(pageSize));
  query.set("offset", String((filters.page - 1) * pageSize));
  return `/api/reviews/search?${query.toString()}`;
}

/** The filters in words, for the result count: "5 stars, technician Dana Okafor". */
export function describeFilters(filters: ReviewFilters, names: { technician: (id: string) => string; service: (id: string) => string }): string {
  return [
    filters.rating === null ? null : `${filters.rating} ${filters.rating === 1 ? "star" : "stars"}`,
    filters.technician === null ? null : `technician ${names.technician(filters.technician)}`,
    filters.service === null ? null : `service ${names.service(filters.service)}`,
  ]
    .filter((part) => part !== null)
    .join(", ");
}
