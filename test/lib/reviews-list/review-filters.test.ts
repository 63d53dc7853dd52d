import { describe, expect, it } from "vitest";
import {
  describeFilters,
  describeInvalidFilters,
  findInvalidFilters,
  hasFilters,
  NO_FILTERS,
  readReviewFilters,
  toFilterQuery,
  toSearchApiPath,
} from "../../../src/lib/reviews-list/review-filters.ts";

const choices = { technicians: ["dana-okafor", "kevin-tran"], services: ["chimney-sweep", "dryer-vent-cleaning"] };
const read = (query: string) => readReviewFilters(new URLSearchParams(query), choices);

describe("review list filters in the URL", () => {
  it("reads known filters and the page", () => {
    expect(read("rating=5&technician=dana-okafor&service=chimney-sweep&page=3")).toEqual({
      rating: 5,
      technician: "dana-okafor",
      service: "chimney-sweep",
      page: 3,
    });
  });

  it.each([
    ["rating out of range", "rating=6"],
    ["rating not whole", "rating=4.5"],
    ["rating as words", "rating=five"],
    ["unknown technician", "technician=nobody"],
    ["unknown service", "service=%3Cscript%3E"],
    ["page zero", "page=0"],
    ["negative page", "page=-2"],
    ["page with junk", "page=2x"],
    ["huge page", "page=99999999"],
    ["empty values", "rating=&technician=&service=&page="],
  ])("ignores %s", (_name, query) => {
    expect(read(query)).toEqual(NO_FILTERS);
  });

  it("round-trips through the page query, dropping page 1", () => {
    const filters = { rating: 2, technician: "kevin-tran", service: null, page: 1 };
    expect(toFilterQuery(filters)).toBe("?rating=2&technician=kevin-tran");
    expect(read(toFilterQuery({ ...filters, page: 4 }).slice(1))).toEqual({ ...filters, page: 4 });
    expect(toFilterQuery(NO_FILTERS)).toBe("");
    expect(toFilterQuery({ ...NO_FILTERS, page: 3 })).toBe("");
  });

  it("asks the search API for one page with its parameter names, limit and offset", () => {
    expect(toSearchApiPath({ rating: 5, technician: "dana-okafor", service: "chimney-sweep", page: 3 }, 20)).toBe(
      "/api/reviews/search?rating=5&mentions_technician=dana-okafor&mentions_service=chimney-sweep&limit=20&offset=40",
    );
    expect(toSearchApiPath({ ...NO_FILTERS, rating: 1 }, 20)).toBe("/api/reviews/search?rating=1&limit=20&offset=0");
  });

  it("knows when any filter is set and says which", () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, service: "chimney-sweep" })).toBe(true);
    const names = { technician: () => "Dana Okafor", service: () => "Chimney sweep" };
    expect(describeFilters({ rating: 1, technician: "dana-okafor", service: "chimney-sweep", page: 1 }, names)).toBe(
      "1 star, technician Dana Okafor, service Chimney sweep",
    );
  });
});

describe("invalid filters in the URL are named, not dropped quietly", () => {
  const invalid = (query: string) => findInvalidFilters(new URLSearchParams(query), choices);

  it.each([
    ["rating=9", ['rating "9" is not a star rating from 1 to 5']],
    ["rating=4.5&technician=dana-okafor", ['rating "4.5" is not a star rating from 1 to 5']],
    ["technician=nobody", ['technician "nobody" is not one of the technicians listed in the form']],
    ["service=gutters", ['service "gutters" is not one of the services listed in the form']],
    ["rating=5&page=0", ['page "0" is not a page number']],
    ["rating=5&page=2", []],
    ["rating=&technician=", []],
    ["", []],
  ])("%s → %j", (query, problems) => {
    expect(invalid(query)).toEqual(problems);
  });

  it("says what was ignored in one sentence", () => {
    expect(describeInvalidFilters([])).toBe("");
    expect(describeInvalidFilters(invalid("rating=9"))).toBe('Ignored an invalid filter: rating "9" is not a star rating from 1 to 5.');
    expect(describeInvalidFilters(invalid("rating=9&service=x"))).toMatch(/^Ignored 2 invalid filters: rating "9" .*; service "x" /);
  });
});
