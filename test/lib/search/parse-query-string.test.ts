import { describe, expect, it } from "vitest";
import { parseQueryString } from "../../../src/lib/search/parse-query-string.ts";
import { SearchParamsSchema } from "../../../src/lib/search/search-params.ts";

const parse = (query: string) => parseQueryString(query, SearchParamsSchema);
const codes = (query: string) => {
  const result = parse(query);
  return result.ok ? [] : result.issues.map((issue) => [String(issue.path[0]), issue.code]);
};

describe("parseQueryString", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"])(
    "refuses %s as an unknown parameter, given once, twice or empty, like any other name",
    (key) => {
      for (const query of [`${key}=1`, `${key}=1&${key}=2`, `${key}=`]) expect(codes(query)).toEqual([[key, "unknown_parameter"]]);
    },
  );

  it("leaves the parsed value without inherited keys: nothing from the query reaches Object.prototype", () => {
    parse("__proto__[polluted]=1&constructor[prototype][polluted]=1");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("still reads the known parameters around a hostile one", () => {
    expect(codes("rating=5&__proto__=x&limit=0").sort()).toEqual([
      ["__proto__", "unknown_parameter"],
      ["limit", "too_small"],
    ]);
  });
});
