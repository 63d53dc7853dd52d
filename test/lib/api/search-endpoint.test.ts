import { describe, expect, it } from "vitest";
import { handleSearchRequest } from "../../../src/lib/api/search-endpoint.ts";
import { aspectIndex, realIndex } from "../../support/search-fixture.ts";
import { oracleSearch } from "../../support/oracle.ts";

const index = realIndex();
const BASE = "https://reviews.example/api/reviews/search";

function search(query: string, init: RequestInit = {}) {
  return handleSearchRequest(new Request(`${BASE}${query}`, init), index);
}

async function body(response: Response) {
  return (await response.json()) as { reviews: { id: string; rating: number; date: string }[]; count: number; total: number; limit: number; offset: number };
}

describe("GET /api/reviews/search: parameters", () => {
  it.each([
    ["no parameters", ""],
    ["rating", "?rating=5"],
    ["rating 1", "?rating=1"],
    ["min_rating", "?min_rating=4"],
    ["min_rating decimal", "?min_rating=3.5"],
    ["since", "?since=2025-01-01"],
    ["until", "?until=2023-06-30"],
    ["since and until", "?since=2024-01-01&until=2024-03-31"],
    ["same-day since and until", "?since=2024-10-08&until=2024-10-08"],
    ["query", "?query=creosote"],
    ["query, case-insensitive", "?query=CREOSOTE"],
    ["query with spaces", "?query=dryer%20vent"],
    ["mentions_technician by id", "?mentions_technician=dana-okafor"],
    ["mentions_technician by full name", "?mentions_technician=Kevin%20Tran"],
    ["mentions_technician by first name, any case", "?mentions_technician=LUIS"],
    ["mentions_technician, full name of a shared first name", "?mentions_technician=chris%20yoder"],
    ["mentions_service", "?mentions_service=dryer-vent-cleaning"],
    ["limit", "?limit=3"],
    ["limit 100", "?limit=100"],
    ["everything combined", "?min_rating=2&since=2023-01-01&until=2026-12-31&query=the&mentions_technician=marcus&mentions_service=chimney-sweep&limit=50"],
  ])("%s returns what the oracle returns, newest first", async (_name, query) => {
    const response = search(query);
    expect(response.status).toBe(200);
    const result = await body(response);
    const params = Object.fromEntries(new URLSearchParams(query));
    const expected = oracleSearch(index.dataset, params);
    const limit = Number(params.limit ?? 20);
    expect(result.total).toBe(expected.length);
    expect(result.limit).toBe(limit);
    expect(result.count).toBe(Math.min(limit, expected.length));
    expect(result.reviews.map((r) => r.id)).toEqual(expected.slice(0, limit).map((r) => r.id));
  });

  it("matches accents and case in the query both ways", async () => {
    const accented = await body(search("?query=Ren%C3%A9e"));
    const plain = await body(search("?query=renee"));
    expect(accented.total).toBe(plain.total);
  });

  it("returns full review records", async () => {
    const { reviews } = await body(search("?limit=1"));
    expect(Object.keys(reviews[0]!)).toEqual([
      "id",
      "url",
      "rating",
      "date",
      "title",
      "text",
      "author",
      "verified",
      "technicians",
      "services",
      "service_area",
      "response",
      "aspects",
    ]);
  });

  it.each([
    ["aspect", "?aspect=punctuality", ["a-2", "a-1"]],
    ["sentiment", "?sentiment=mixed", ["a-2"]],
    ["aspect with sentiment", "?aspect=punctuality&sentiment=negative", ["a-2"]],
    ["aspect with a sentiment it does not have", "?aspect=price_value&sentiment=positive", []],
  ])("filters by %s over the per-review aspects", async (_name, query, ids) => {
    const response = handleSearchRequest(new Request(`${BASE}${query}`), aspectIndex());
    expect((await body(response)).reviews.map((r) => r.id)).toEqual(ids);
  });
});

describe("GET /api/reviews/search: paging with offset (an extension to docs/interface.md §4.4)", () => {
  it.each([
    ["no filters", "", 20],
    ["a rating", "rating=5&", 7],
    ["a technician", "mentions_technician=marcus&", 6],
  ])("walks every match of %s once, in order, page by page", async (_name, filters, size) => {
    const expected = oracleSearch(index.dataset, Object.fromEntries(new URLSearchParams(filters)));
    expect(expected.length).toBeGreaterThan(size);
    const seen: string[] = [];
    for (let offset = 0; offset < expected.length; offset += size) {
      const page = await body(search(`?${filters}limit=${size}&offset=${offset}`));
      expect(page).toMatchObject({ total: expected.length, limit: size, offset, count: Math.min(size, expected.length - offset) });
      seen.push(...page.reviews.map((r) => r.id));
    }
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it("echoes offset 0 when none is given, and returns no reviews past the end", async () => {
    expect((await body(search("?limit=1"))).offset).toBe(0);
    const past = await body(search(`?offset=${index.dataset.reviews.length}`));
    expect(past).toMatchObject({ count: 0, total: index.dataset.reviews.length, reviews: [] });
  });
});

describe("GET /api/reviews/search: invalid parameters get a 400 with issues", () => {
  it.each([
    ["rating 0", "?rating=0", "rating", "too_small"],
    ["rating 6", "?rating=6", "rating", "too_big"],
    ["rating 4.5", "?rating=4.5", "rating", "invalid_type"],
    ["rating not a number", "?rating=five", "rating", "invalid_type"],
    ["rating in hex", "?rating=0x5", "rating", "invalid_type"],
    ["rating in exponent form", "?rating=5e0", "rating", "invalid_type"],
    ["min_rating 0.5", "?min_rating=0.5", "min_rating", "too_small"],
    ["min_rating 5.5", "?min_rating=5.5", "min_rating", "too_big"],
    ["min_rating NaN", "?min_rating=NaN", "min_rating", "invalid_type"],
    ["min_rating Infinity", "?min_rating=Infinity", "min_rating", "invalid_type"],
    ["limit 0", "?limit=0", "limit", "too_small"],
    ["limit 101", "?limit=101", "limit", "too_big"],
    ["limit -1", "?limit=-1", "limit", "too_small"],
    ["limit 2.5", "?limit=2.5", "limit", "invalid_type"],
    ["limit 10.0 (integers are plain digits)", "?limit=10.0", "limit", "invalid_type"],
    ["limit 1e2 (integers are plain digits)", "?limit=1e2", "limit", "invalid_type"],
    ["rating 4.0 (integers are plain digits)", "?rating=4.0", "rating", "invalid_type"],
    ["min_rating in exponent form", "?min_rating=4e0", "min_rating", "invalid_type"],
    ["rating with a plus sign", "?rating=%2B4", "rating", "invalid_type"],
    ["rating with a leading zero", "?rating=04", "rating", "invalid_type"],
    ["limit with a leading zero", "?limit=010", "limit", "invalid_type"],
    ["min_rating with a bare trailing point", "?min_rating=4.", "min_rating", "invalid_type"],
    ["min_rating with no digit before the point", "?min_rating=.5", "min_rating", "invalid_type"],
    ["query with broken percent-encoding", "?query=%ZZ", "query", "invalid_encoding"],
    ["query with a lone percent sign", "?query=50%", "query", "invalid_encoding"],
    ["query whose bytes are not UTF-8", "?query=%C3%28", "query", "invalid_encoding"],
    ["a parameter name with broken percent-encoding", "?rat%ing=5", "rat%ing", "invalid_encoding"],
    ["offset -1", "?offset=-1", "offset", "too_small"],
    ["offset 1.5", "?offset=1.5", "offset", "invalid_type"],
    ["offset past the cap", "?offset=1000001", "offset", "too_big"],
    ["since malformed", "?since=2024-1-1", "since", "invalid_format"],
    ["since impossible", "?since=2024-02-30", "since", "custom"],
    ["until impossible", "?until=2023-13-01", "until", "custom"],
    ["since after until", "?since=2025-01-02&until=2025-01-01", "since", "custom"],
    ["empty rating", "?rating=", "rating", "empty_parameter"],
    ["empty query", "?query=", "query", "empty_parameter"],
    ["blank query", "?query=%20%20", "query", "empty_parameter"],
    ["repeated parameter", "?rating=5&rating=4", "rating", "repeated_parameter"],
    ["unknown parameter", "?stars=5", "stars", "unknown_parameter"],
    ["unknown aspect", "?aspect=friendliness", "aspect", "invalid_value"],
    ["unknown sentiment", "?sentiment=neutral", "sentiment", "invalid_value"],
    ["over-long query", `?query=${"a".repeat(501)}`, "query", "too_big"],
    ["ambiguous first name", "?mentions_technician=Chris", "mentions_technician", "ambiguous_technician"],
    ["off-roster technician", "?mentions_technician=Steve", "mentions_technician", "unknown_technician"],
    ["unknown service id", "?mentions_service=gutter-cleaning", "mentions_service", "unknown_service"],
    ["service id that is not a slug", "?mentions_service=Dryer%20Vent", "mentions_service", "invalid_format"],
  ])("%s", async (_name, query, path, code) => {
    const response = search(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const result = (await response.json()) as { error: string; message: string; issues: { path: string[]; code: string; message: string }[] };
    expect(result.error).toBe("invalid_request");
    expect(result.message).toMatch(/^Invalid request: /);
    expect(result.issues).toContainEqual({ path: [path], code, message: expect.any(String) });
  });

  it.each([
    ["limit", "?limit=99999999999999999999"],
    ["rating", "?rating=99999999999999999999"],
    ["limit", "?limit=-99999999999999999999"],
  ])("gives a huge %s one issue, not one per broken rule (%s)", async (name, query) => {
    const result = (await search(query).json()) as { issues: { path: string[]; message: string }[] };
    expect(result.issues).toEqual([{ path: [name], code: expect.any(String), message: expect.stringMatching(new RegExp(`^${name} must be`)) }]);
  });

  it("accepts numbers as JSON writes them, and percent-encoded text", async () => {
    expect(await body(search("?limit=7&rating=5&min_rating=4.5"))).toMatchObject({ limit: 7 });
    expect(search("?query=%C3%A9t%C3%A9+chimney").status).toBe(200);
    expect(search("?query=100%25").status).toBe(200);
  });

  it("reports every invalid parameter at once", async () => {
    const result = (await search("?rating=9&limit=0&foo=1").json()) as { issues: { path: string[] }[] };
    expect(result.issues.map((issue) => issue.path[0]).sort()).toEqual(["foo", "limit", "rating"]);
  });
});

describe("GET /api/reviews/search: HTTP behaviour", () => {
  it.each(["POST", "PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow", async (method) => {
    const response = search("", { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await response.json()).toMatchObject({ error: "method_not_allowed" });
  });

  it("answers a CORS preflight", () => {
    const response = search("", { method: "OPTIONS", headers: { Origin: "https://example.org", "Access-Control-Request-Method": "GET" } });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("GET");
    // A browser client that sends Authorization gets past the preflight; the header is then ignored (interface §5).
    expect(response.headers.get("access-control-allow-headers")).toMatch(/\bAuthorization\b/);
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    const get = search("?rating=5");
    const head = search("?rating=5", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(await head.text()).toBe("");
  });

  it("ignores an Authorization header", async () => {
    const plain = await search("?rating=4").text();
    const withAuth = await search("?rating=4", { headers: { Authorization: "Bearer nonsense" } }).text();
    expect(withAuth).toBe(plain);
  });

  it("sets CORS, CDN caching and validators", () => {
    const response = search("?rating=5");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("netlify-cdn-cache-control")).toContain("durable");
    expect(response.headers.get("netlify-vary")).toBe("query");
    expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers.get("last-modified")).toMatch(/^\w{3}, \d{2} \w{3} \d{4} 00:00:00 GMT$/);
  });

  it("does not cache a 400 at the CDN", () => {
    const response = search("?rating=9");
    expect(response.headers.get("netlify-cdn-cache-control")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("GET /api/reviews/search: queries already parsed", () => {
  it("reads the query from the URL the caller parsed (a function's context.url) when given", async () => {
    const url = new URL(`${BASE}?rating=4&limit=2`);
    const fromContext = await body(handleSearchRequest(new Request(url), index, url));
    expect(fromContext).toEqual(await body(search("?rating=4&limit=2")));
  });

  it("answers each query for itself after more distinct queries than it remembers, then the first ones again", async () => {
    const queries = Array.from({ length: 1_100 }, (_, i) => `?limit=${(i % 50) + 1}&offset=${i}`);
    queries.push("?rating=0", "?limit=1&offset=0");
    for (const query of [...queries, ...queries.slice(0, 30), "?rating=0", "?limit=1&offset=0"]) {
      const response = search(query);
      const params = new URLSearchParams(query);
      if (params.get("rating") === "0") {
        expect(response.status).toBe(400);
        continue;
      }
      const result = await body(response);
      expect(result).toMatchObject({ limit: Number(params.get("limit")), offset: Number(params.get("offset")) });
      expect(result.count).toBe(Math.max(0, Math.min(result.limit, result.total - result.offset)));
    }
  });
});
