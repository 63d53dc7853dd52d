import { describe, expect, it } from "vitest";
import { handleSinceRequest } from "../../../src/lib/api/since-endpoint.ts";
import { callTool, connectClient, realData } from "../support/mcp-fixture.ts";

const { index } = realData();
const client = await connectClient();

describe("get_reviews_since is GET /api/reviews/since/{date} over MCP", () => {
  it.each(["2026-01-01", "2025-06-15", "2000-01-01", "2099-01-01"])("returns the REST body for %s", async (date) => {
    const http = await handleSinceRequest(new Request(`https://reviews.example/api/reviews/since/${date}`), date, index).text();
    const { result, text, structured } = await callTool(client, "get_reviews_since", { date });
    expect(result.isError).toBeFalsy();
    expect(text).toBe(http);
    expect(structured).toEqual(JSON.parse(http));
  });

  it("lists reviews oldest first", async () => {
    const { structured } = await callTool(client, "get_reviews_since", { date: "2025-01-01" });
    const dates = (structured as { reviews: { date: string }[] }).reviews.map((review) => review.date);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort());
  });

  it.each([
    ["a malformed date", { date: "2025-1-1" }],
    ["an impossible date", { date: "2025-02-30" }],
    ["no date", {}],
    ["an extra argument", { date: "2025-01-01", limit: 5 }],
  ])("refuses %s with an isError result", async (_name, args) => {
    expect((await callTool(client, "get_reviews_since", args)).result.isError).toBe(true);
  });
});
