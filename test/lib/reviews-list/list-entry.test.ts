import { describe, expect, it } from "vitest";
import { excerptText, toListEntry } from "../../../src/lib/reviews-list/list-entry.ts";
import { buildListPage } from "../../../src/lib/reviews-list/list-page.ts";
import { loadSiteData } from "../insights/load-site-data.ts";

const review = {
  id: "2024-05-01-jane-d",
  url: "https://reviews.example/reviews/2024-05-01-jane-d/",
  rating: 4,
  date: "2024-05-01",
  title: null,
  text: "Short and sweet.",
  author: { name: "Jane D.", location: "Oak Park" },
  technicians: [{ id: "dana-okafor", name: "Dana Okafor" }],
  services: [
    { id: "chimney-sweep", name: "Chimney sweep" },
    { id: "dryer-vent-cleaning", name: "Dryer vent cleaning" },
  ],
};

describe("a review as a list entry", () => {
  it("links the review's own page by path and describes it", () => {
    expect(toListEntry(review)).toEqual({
      id: review.id,
      path: "/reviews/2024-05-01-jane-d/",
      heading: "Review by Jane D.",
      rating: 4,
      stars: "\u2605\u2605\u2605\u2605\u2606",
      ratingLabel: "Rated 4 out of 5",
      date: "2024-05-01",
      byline: "Jane D., Oak Park",
      excerpt: "Short and sweet.",
      facts: "Technician: Dana Okafor \u00b7 Services: Chimney sweep, Dryer vent cleaning",
    });
  });

  it("keeps hostile text as it is: escaping is the renderer's job", () => {
    const hostile = '<img src=x onerror="alert(1)">';
    expect(toListEntry({ ...review, title: hostile, text: hostile }).heading).toBe(hostile);
  });

  it.each([
    ["short text unchanged", "A fine job.", 20, "A fine job."],
    ["cut at a word with an ellipsis", "The sweep was quick and tidy and cheap", 20, "The sweep was quick\u2026"],
    ["no trailing punctuation before the ellipsis", "Great work, friendly staff, fair price", 17, "Great work\u2026"],
    ["whitespace folded", "Line one.\n\nLine two.", 40, "Line one. Line two."],
  ])("excerpt: %s", (_name, text, max, expected) => {
    const excerpt = excerptText(text, max);
    expect(excerpt).toBe(expected);
    expect(excerpt.length).toBeLessThanOrEqual(max);
  });
});

describe("list pages of the real content", () => {
  const { dataset } = loadSiteData();

  it("holds every review once, newest first, 20 to a page", () => {
    const first = buildListPage(dataset, 1)!;
    const pages = Array.from({ length: first.pageCount }, (_, i) => buildListPage(dataset, i + 1)!);
    expect(pages.slice(0, -1).every((page) => page.entries.length === 20)).toBe(true);
    expect(pages.flatMap((page) => page.entries.map((entry) => entry.id))).toEqual(dataset.reviews.map((r) => r.id));
    expect(buildListPage(dataset, first.pageCount + 1)).toBeNull();
    expect(buildListPage(dataset, 0)).toBeNull();
  });
});
