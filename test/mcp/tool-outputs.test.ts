import type { Tool } from "@modelcontextprotocol/client";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { INSIGHT_SECTIONS } from "../../src/mcp/tools/get-insights.ts";
import { callTool, connectClient, realData } from "./support/mcp-fixture.ts";

/**
 * The server does not re-parse each result against its output schema on
 * every call (create-mcp-server.ts), so this is where that promise is kept:
 * every tool, over many arguments, returns structured content the listed
 * output schema accepts, with the same JSON as its text copy.
 */
const { index } = realData();
const client = await connectClient();
const { tools } = await client.listTools();
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validators = new Map(tools.map((tool: Tool) => [tool.name, ajv.compile(tool.outputSchema!)]));

const CALLS: [string, Record<string, unknown>][] = [
  ["get_business", {}],
  ...[
    {},
    { limit: 100 },
    { rating: 1 },
    { min_rating: 4, limit: 100 },
    { query: "chimney", limit: 100 },
    { sentiment: "negative", limit: 100 },
    { since: "2026-01-01" },
  ].map((args): [string, Record<string, unknown>] => ["search_reviews", args]),
  ...["2023-01-01", "2025-06-15", "2099-01-01"].map((date): [string, Record<string, unknown>] => ["get_reviews_since", { date }]),
  ...index.reviews.map((review): [string, Record<string, unknown>] => ["get_review", { id: review.id }]),
  ["get_insights", {}],
  ...INSIGHT_SECTIONS.map((section): [string, Record<string, unknown>] => ["get_insights", { section }]),
  ["list_technicians", {}],
  ["list_services", {}],
  ...index.dataset.business.services.map((service): [string, Record<string, unknown>] => ["evaluate_topic", { mentions_service: service.id, quotes: 10 }]),
  ...index.dataset.business.technicians.map((technician): [string, Record<string, unknown>] => ["evaluate_topic", { mentions_technician: technician.id }]),
  ["evaluate_topic", { topic: "creosote" }],
  ["evaluate_topic", { topic: "nothing like this anywhere" }],
];

describe("every tool's structured content matches its listed output schema", () => {
  it("covers every tool", () => {
    expect(new Set(CALLS.map(([name]) => name))).toEqual(new Set(tools.map((tool) => tool.name)));
  });

  it.each(CALLS)("%s %j", async (name, args) => {
    const { result, text, structured } = await callTool(client, name, args);
    expect(result.isError, text).toBeFalsy();
    const validate = validators.get(name)!;
    expect(validate(structured), ajv.errorsText(validate.errors)).toBe(true);
    expect(JSON.parse(text)).toEqual(structured);
  });
});
