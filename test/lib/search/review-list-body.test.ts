import { describe, expect, it } from "vitest";
import { joinBytes } from "../../../src/lib/bytes.ts";
import { indexDataset, type DatasetIndex } from "../../../src/lib/search/dataset-index.ts";
import { computeReviewListEtag, encodeReviewListBody, reviewListParts, serializeReviewListBody } from "../../../src/lib/search/review-list-body.ts";
import { reviewsSinceBody } from "../../../src/lib/search/reviews-since.ts";
import { SearchParamsSchema } from "../../../src/lib/search/search-params.ts";
import { findMatches, searchMatchBody } from "../../../src/lib/search/search-reviews.ts";
import { realIndex } from "../../support/search-fixture.ts";

const index = realIndex();
const UTF8 = new TextDecoder();

function searchBody(input: Record<string, unknown>) {
  const found = findMatches(SearchParamsSchema.parse(input), index);
  if (!found.ok) throw new Error("search failed");
  return searchMatchBody(found.value);
}

/** An index of the same data, but the first review's text edited: its JSON differs by a few bytes. */
function indexWithEditedReview(edit: string): DatasetIndex {
  const [first, ...rest] = index.dataset.reviews;
  return indexDataset({ ...index.dataset, reviews: [{ ...first!, text: first!.text + edit }, ...rest] });
}

describe("a review list's bytes", () => {
  it.each([{ rating: 5, limit: 3 }, { limit: 100 }, { query: "no such words at all" }])("encodes %o as the UTF-8 of its text", (input) => {
    const body = searchBody(input);
    expect(UTF8.decode(encodeReviewListBody(body, index))).toBe(serializeReviewListBody(body, index));
  });

  it("escapes it as the contents of a JSON string, part by part, as JSON.stringify escapes the whole", () => {
    const body = { head: '{"a":"quote \\" \u2028 é 😀",[', positions: [0, 1, 2], tail: '],"b":"\\\\ \n"}' };
    const escaped = UTF8.decode(joinBytes(reviewListParts(body, index, "json-string")));
    expect(escaped).toBe(JSON.stringify(serializeReviewListBody(body, index)).slice(1, -1));
  });
});

describe("a review list's entity tag", () => {
  it("is the same for the same bytes, whichever query produced them", () => {
    expect(computeReviewListEtag(searchBody({ rating: 5, limit: 10 }), index)).toBe(computeReviewListEtag(searchBody({ limit: 10, rating: 5 }), realIndex()));
  });

  it.each([
    ["other reviews", { rating: 4, limit: 10 }],
    ["fewer reviews", { rating: 5, limit: 9 }],
    ["the next page", { rating: 5, limit: 10, offset: 1 }],
  ])("differs for %s", (_name, input) => {
    const [a, b] = [searchBody({ rating: 5, limit: 10 }), searchBody(input)];
    expect(serializeReviewListBody(a, index)).not.toBe(serializeReviewListBody(b, index));
    expect(computeReviewListEtag(a, index)).not.toBe(computeReviewListEtag(b, index));
  });

  it("differs between the search and since envelopes", () => {
    expect(computeReviewListEtag(reviewsSinceBody("2000-01-01", index), index)).not.toBe(computeReviewListEtag(searchBody({ limit: 100 }), index));
  });

  it("changes when one review's JSON changes, and is a strong tag of 32 characters", () => {
    const body = searchBody({ limit: 3 });
    const tag = computeReviewListEtag(body, index);
    expect(tag).toMatch(/^"[\w-]{32}"$/);
    expect(computeReviewListEtag(body, indexWithEditedReview("!"))).not.toBe(tag);
  });
});
