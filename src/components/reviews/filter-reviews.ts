/**
 * Progressive enhancement for /reviews/: shows the filter form (hidden
 * without JavaScript), reads and writes the filters in the URL query, loads
 * matches from GET /api/reviews/search one page at a time (limit and
 * offset), and swaps them in for the pre-rendered page. With no filters, or
 * when the API fails, the pre-rendered page stays.
 */
import { toListEntry, type ListableReview } from "../../lib/reviews-list/list-entry.ts";
import { countPages, describeRange, REVIEWS_PER_PAGE } from "../../lib/reviews-list/paginate.ts";
import {
  describeFilters,
  describeInvalidFilters,
  findInvalidFilters,
  hasFilters,
  NO_FILTERS,
  readReviewFilters,
  toFilterQuery,
  toSearchApiPath,
  type ReviewFilters,
} from "../../lib/reviews-list/review-filters.ts";
import { renderListEntry, renderPageNav } from "./render-list.ts";

interface SearchEnvelope {
  reviews: ListableReview[];
  total: number;
}

function isSearchEnvelope(value: unknown): value is SearchEnvelope {
  if (typeof value !== "object" || value === null) return false;
  const { reviews, total } = value as Record<string, unknown>;
  return Array.isArray(reviews) && typeof total === "number";
}

function optionValues(select: HTMLSelectElement): string[] {
  return [...select.options].map((option) => option.value).filter((value) => value !== "");
}

function optionName(select: HTMLSelectElement, value: string): string {
  return [...select.options].find((option) => option.value === value)?.textContent ?? value;
}

export function startReviewFilters(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>("[data-filter-form]");
  const status = doc.querySelector<HTMLElement>("[data-filter-status]");
  const results = doc.querySelector<HTMLElement>("[data-filter-results]");
  const list = doc.querySelector<HTMLOListElement>("[data-filter-list]");
  const pager = doc.querySelector<HTMLElement>("[data-filter-pager]");
  const staticList = doc.querySelector<HTMLElement>("[data-static-list]");
  const clear = doc.querySelector<HTMLButtonElement>("[data-filter-clear]");
  if (!form || !status || !results || !list || !pager || !staticList || !clear) return;
  const selects = {
    rating: form.elements.namedItem("rating") as HTMLSelectElement,
    technician: form.elements.namedItem("technician") as HTMLSelectElement,
    service: form.elements.namedItem("service") as HTMLSelectElement,
  };
  const choices = { technicians: optionValues(selects.technician), services: optionValues(selects.service) };
  const heading = results.querySelector<HTMLElement>("h2");
  let pending: AbortController | null = null;
  /** What was wrong with the filters in the address, said before every status until the visitor picks filters. */
  let notice = "";
  const readAddress = (): ReviewFilters => {
    const query = new URLSearchParams(doc.location.search);
    notice = describeInvalidFilters(findInvalidFilters(query, choices));
    return readReviewFilters(query, choices);
  };
  const say = (message: string) => {
    status.textContent = [notice, message].filter((part) => part !== "").join(" ");
  };

  const showFormValues = (filters: ReviewFilters) => {
    selects.rating.value = filters.rating === null ? "" : String(filters.rating);
    selects.technician.value = filters.technician ?? "";
    selects.service.value = filters.service ?? "";
  };
  const readForm = (): ReviewFilters =>
    readReviewFilters(new URLSearchParams({ rating: selects.rating.value, technician: selects.technician.value, service: selects.service.value }), choices);
  const urlFor = (filters: ReviewFilters) => `${doc.location.pathname}${toFilterQuery(filters)}`;

  const showStatic = (message: string) => {
    pending?.abort();
    results.hidden = true;
    staticList.hidden = false;
    say(message);
  };

  const load = async (filters: ReviewFilters, moveFocus: boolean) => {
    if (!hasFilters(filters)) return showStatic("");
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    say("Loading reviews\u2026");
    results.setAttribute("aria-busy", "true");
    let body: unknown;
    try {
      const response = await fetch(toSearchApiPath(filters), { headers: { Accept: "application/json" }, signal: controller.signal });
      if (!response.ok) throw new Error(`the search API answered ${response.status}`);
      body = await response.json();
      if (!isSearchEnvelope(body)) throw new Error("the search API sent an unexpected answer");
    } catch (error) {
      if (controller.signal.aborted) return;
      results.removeAttribute("aria-busy");
      return showStatic(`Could not load the filtered reviews (${error instanceof Error ? error.message : "network error"}). The full list is shown instead.`);
    }
    if (controller.signal.aborted) return;
    const { reviews, total } = body;
    const description = describeFilters(filters, { technician: (id) => optionName(selects.technician, id), service: (id) => optionName(selects.service, id) });
    list.replaceChildren(...reviews.map((review) => renderListEntry(doc, toListEntry(review))));
    list.start = (filters.page - 1) * REVIEWS_PER_PAGE + 1;
    const nav = renderPageNav(doc, filters.page, countPages(total), (page) => urlFor({ ...filters, page }), "Pages of matching reviews");
    pager.replaceChildren(...(nav === null ? [] : [nav]));
    results.removeAttribute("aria-busy");
    results.hidden = false;
    staticList.hidden = true;
    say(`${describeRange(filters.page, reviews.length, total)} (${description}).`);
    if (moveFocus) heading?.focus();
  };

  const go = (filters: ReviewFilters, moveFocus: boolean) => {
    doc.defaultView?.history.pushState(null, "", urlFor(filters));
    void load(filters, moveFocus);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    notice = "";
    go({ ...readForm(), page: 1 }, false);
  });
  clear.addEventListener("click", () => {
    notice = "";
    showFormValues(NO_FILTERS);
    go(NO_FILTERS, false);
  });
  pager.addEventListener("click", (event) => {
    const anchor = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-page]");
    if (!anchor || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go({ ...readAddress(), page: Number(anchor.dataset.page) }, true);
  });
  doc.defaultView?.addEventListener("popstate", () => {
    const filters = readAddress();
    showFormValues(filters);
    void load(filters, false);
  });

  form.hidden = false;
  const initial = readAddress();
  showFormValues(initial);
  if (hasFilters(initial)) void load(initial, false);
  else say("");
}
