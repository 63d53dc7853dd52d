import { describe, expect, it } from "vitest";
import { handleSearchRequest } from "../../../src/lib/api/search-endpoint.ts";
import { callTool, connectClient, realData } from "../support/mcp-fixture.ts";

const { index } = realData();
const client = await connectClient();

/** The REST answer for the same parameters, as a query string carries them. */
async function rest(args: Record<string, unknown>) {
  const query = new URLSearchParams(Object.entries(args).map(([key, value]) => [key, String(value)]));
  const response = handleSearchRequest(new Request(`https://reviews.example/api/reviews/search?${query}`), index);
  return { status: response.status, text: await response.text() };
}

describe("search_reviews is GET /api/reviews/search over MCP", () => {
  it.each([
    ["no arguments", {}],
    ["rating and limit, as docs/interface.md §4.6 shows", { rating: 5, limit: 3 }],
    ["min_rating with a decimal", { min_rating: 3.5 }],
    ["a date range", { since: "2024-01-01", until: "2024-12-31" }],
    ["query, accent- and case-insensitive", { query: "CREOSOTE" }],
    ["technician by first name", { mentions_technician: "dana" }],
    ["technician by full name of a shared first name", { mentions_technician: "Chris Yoder" }],
    ["service id", { mentions_service: "dryer-vent-cleaning" }],
    ["aspect and sentiment", { aspect: "punctuality", sentiment: "negative" }],
    ["sentiment alone", { sentiment: "mixed" }],
    ["everything at once", { min_rating: 2, since: "2023-01-01", query: "the", mentions_technician: "marcus", mentions_service: "chimney-sweep", limit: 50 }],
    ["limit 100", { limit: 100 }],
  ])("%s: the same reviews, and the REST body as the text copy", async (_name, args) => {
    const [mcp, http] = [await callTool(client, "search_reviews", args), await rest(args)];
    expect(http.status).toBe(200);
    expect(mcp.result.isError).toBeFalsy();
    expect(mcp.text).toBe(http.text);
    expect(mcp.structured).toEqual(JSON.parse(http.text));
  });

  it("returns rating 5 reviews only, three of them, with the total", async () => {
    const { structured } = await callTool(client, "search_reviews", { rating: 5, limit: 3 });
    const body = structured as { reviews: { rating: number }[]; count: number; total: number; limit: number };
    expect(body).toMatchObject({ count: 3, limit: 3 });
    expect(body.total).toBe(index.dataset.aggregate_rating.distribution["5"]);
    expect(body.reviews.every((review) => review.rating === 5)).toBe(true);
  });

  it.each([
    ["rating 6", { rating: 6 }, "rating must be at most 5"],
    ["rating 4.5", { rating: 4.5 }, "rating must be a whole number"],
    ["rating as a string: MCP passes numbers", { rating: "5" }, "rating must be a whole number"],
    ["limit 0", { limit: 0 }, "limit must be at least 1"],
    ["limit 101", { limit: 101 }, "limit must be at most 100"],
    ["min_rating 0.5", { min_rating: 0.5 }, "min_rating must be at least 1"],
    ["an impossible date", { since: "2024-02-30" }, "is not a real calendar date"],
    ["since after until", { since: "2025-01-02", until: "2025-01-01" }, "since must be on or before until"],
    ["an unknown parameter", { stars: 5 }, "stars"],
    ["an unknown aspect", { aspect: "friendliness" }, "aspect"],
    ["an over-long query", { query: "a".repeat(501) }, "query must be at most 500 characters"],
    ["a blank query (REST refuses ?query=%20 the same way)", { query: "   " }, "query is empty; give a value or leave the parameter out"],
    ["an empty query", { query: "" }, "query is empty; give a value or leave the parameter out"],
    ["a blank technician", { mentions_technician: "\t" }, "mentions_technician is empty; give a value or leave the parameter out"],
  ])("refuses %s with an isError result carrying the schema's message", async (_name, args, message) => {
    const { result, text } = await callTool(client, "search_reviews", args);
    expect(result.isError).toBe(true);
    expect(text).toContain(message);
  });

  it.each([
    ["an ambiguous first name", { mentions_technician: "Chris" }],
    ["a technician off the roster", { mentions_technician: "Steve" }],
    ["an unknown service id", { mentions_service: "gutter-cleaning" }],
    ["two bad names at once", { mentions_technician: "Steve", mentions_service: "gutter-cleaning" }],
  ])("refuses %s with the REST 400 body, word for word", async (_name, args) => {
    const [mcp, http] = [await callTool(client, "search_reviews", args), await rest(args)];
    expect(http.status).toBe(400);
    expect(mcp.result.isError).toBe(true);
    expect(JSON.parse(mcp.text)).toEqual(JSON.parse(http.text));
  });
});
