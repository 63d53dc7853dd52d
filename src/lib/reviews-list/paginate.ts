/**
 * Paging of the browsable review list (`/reviews/`, `/reviews/page/2/`, …).
 * The pre-rendered pages and the filter script share these rules, so the
 * static list and the filtered results page and link the same way.
 */

/** Reviews per list page: enough to scan, small enough to load fast. */
export const REVIEWS_PER_PAGE = 20;

/** How many pages `total` items fill; an empty list still has one (empty) page. */
export function countPages(total: number, pageSize: number = REVIEWS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Site path of a static list page: page 1 is `/reviews/`, page n is `/reviews/page/n/`. */
export function toListPagePath(page: number): string {
  return page <= 1 ? "/reviews/" : `/reviews/page/${page}/`;
}

/** The first page under its page-numbered address (`/reviews/page/1/`): it lives at `/reviews/`, so that address leads there. */
const FIRST_PAGE_ALIAS = /^\/reviews\/page\/1\/?$/;

/** The address of the list page that `pathname` names under another address, or null. */
export function findListPageAlias(pathname: string): string | null {
  return FIRST_PAGE_ALIAS.test(pathname) ? toListPagePath(1) : null;
}

/** The items on page `page` (1-based). */
export function slicePage<T>(items: readonly T[], page: number, pageSize: number = REVIEWS_PER_PAGE): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}

/** One entry of the page navigation: a page number, or a gap ("…") between distant pages. */
export type PageLink = { kind: "page"; page: number; current: boolean } | { kind: "gap" };

/**
 * The page numbers to link: always the first and last, the current page and
 * `spread` pages either side, and a gap where numbers are left out. A gap
 * stands for two or more pages; a single missing page is linked instead.
 */
export function listPageLinks(current: number, pageCount: number, spread = 2): PageLink[] {
  const shown = new Set<number>([1, pageCount]);
  for (let page = current - spread; page <= current + spread; page += 1) if (page >= 1 && page <= pageCount) shown.add(page);
  const pages = [...shown].sort((a, b) => a - b);
  const links: PageLink[] = [];
  for (const [i, page] of pages.entries()) {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous === 2) links.push({ kind: "page", page: previous + 1, current: false });
    else if (previous !== undefined && page - previous > 2) links.push({ kind: "gap" });
    links.push({ kind: "page", page, current: page === current });
  }
  return links;
}

/** "Showing 21–40 of 135 reviews", or a sentence for none. */
export function describeRange(page: number, count: number, total: number, pageSize: number = REVIEWS_PER_PAGE): string {
  if (total === 0 || count === 0) return total === 0 ? "No reviews match." : `No reviews on page ${page}; there are ${total} in all.`;
  const first = (page - 1) * pageSize + 1;
  const noun = total === 1 ? "review" : "reviews";
  return count === total ? `Showing all ${total} ${noun}` : `Showing ${first}\u2013${first + count - 1} of ${total} ${noun}`;
}
