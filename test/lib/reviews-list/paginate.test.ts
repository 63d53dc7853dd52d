import { describe, expect, it } from "vitest";
import {
  countPages,
  describeRange,
  findListPageAlias,
  listPageLinks,
  slicePage,
  toListPagePath,
  type PageLink,
} from "../../../src/lib/reviews-list/paginate.ts";

const show = (links: PageLink[]) => links.map((link) => (link.kind === "gap" ? "…" : link.current ? `[${link.page}]` : String(link.page))).join(" ");

describe("review list paging", () => {
  it.each([
    [0, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [135, 7],
  ])("%i reviews fill %i pages of 20", (total, pages) => {
    expect(countPages(total, 20)).toBe(pages);
  });

  it.each([
    [1, "/reviews/"],
    [2, "/reviews/page/2/"],
    [7, "/reviews/page/7/"],
  ])("page %i lives at %s", (page, path) => {
    expect(toListPagePath(page)).toBe(path);
  });

  it("slices pages without overlap or loss", () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    const pages = [1, 2, 3].map((page) => slicePage(items, page, 20));
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    expect(pages.flat()).toEqual(items);
  });

  it.each([
    [1, 1, "[1]"],
    [1, 7, "[1] 2 3 … 7"],
    [4, 7, "1 2 3 [4] 5 6 7"],
    [7, 7, "1 … 5 6 [7]"],
    [10, 20, "1 … 8 9 [10] 11 12 … 20"],
    [4, 20, "1 2 3 [4] 5 6 … 20"],
  ])("on page %i of %i links %s (a gap never hides a single page)", (current, count, expected) => {
    expect(show(listPageLinks(current, count))).toBe(expected);
  });

  it.each([
    [1, 20, 135, "Showing 1\u201320 of 135 reviews"],
    [7, 15, 135, "Showing 121\u2013135 of 135 reviews"],
    [1, 3, 3, "Showing all 3 reviews"],
    [1, 1, 1, "Showing all 1 review"],
    [1, 0, 0, "No reviews match."],
    [9, 0, 30, "No reviews on page 9; there are 30 in all."],
  ])("describes page %i with %i of %i", (page, count, total, text) => {
    expect(describeRange(page, count, total, 20)).toBe(text);
  });
});

describe("findListPageAlias", () => {
  it.each([
    ["/reviews/page/1/", "/reviews/"],
    ["/reviews/page/1", "/reviews/"],
    ["/reviews/page/2/", null],
    ["/reviews/page/10/", null],
    ["/reviews/page/01/", null],
    ["/reviews/", null],
  ])("%s → %s", (path, alias) => {
    expect(findListPageAlias(path)).toBe(alias);
  });
});
