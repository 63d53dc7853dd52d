import { describe, expect, it } from "vitest";
import { listReviewsSince, serializeReviewsSince } from "../../../src/lib/search/reviews-since.ts";
import { SearchParamsSchema } from "../../../src/lib/search/search-params.ts";
import { findMatches, searchReviews, serializeSearchMatch } from "../../../src/lib/search/search-reviews.ts";
import { realIndex } from "../../support/search-fixture.ts";

const index = realIndex();

describe("serialization from cached per-review JSON", () => {
  it.each([{}, { rating: 5, limit: 7 }, { query: "lint", limit: 100 }, { mentions_technician: "dana" }])(
    "search %o gives the bytes JSON.stringify would",
    (input) => {
      const params = SearchParamsSchema.parse(input);
      const match = findMatches(params, index);
      const objects = searchReviews(params, index);
      if (!match.ok || !objects.ok) throw new Error("search failed");
      expect(serializeSearchMatch(match.value, index)).toBe(JSON.stringify(objects.value));
    },
  );

  it.each(["2000-01-01", "2025-10-01", "2099-01-01"])("since %s gives the bytes JSON.stringify would", (date) => {
    expect(serializeReviewsSince(date, index)).toBe(JSON.stringify(listReviewsSince(date, index)));
  });
});
