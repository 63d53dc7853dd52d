import { describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../../src/mcp/create-mcp-server.ts";
import { buildJsonFeed } from "../../src/lib/feeds/json-feed.ts";
import { connectClient, realData } from "./support/mcp-fixture.ts";

const data = realData();
const client = await connectClient();
const { tools } = await client.listTools();

interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
}

describe("createMcpServer: tools/list", () => {
  it("lists every tool, in order", () => {
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
  });

  it.each(TOOL_NAMES)("%s has a title, a description for a model, and read-only annotations", (name) => {
    const tool = tools.find((t) => t.name === name)!;
    expect(tool.title).toEqual(expect.any(String));
    expect(tool.description!.length).toBeGreaterThan(150);
    expect(tool.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
  });

  it.each(TOOL_NAMES)("%s describes every input field and declares an object output schema", (name) => {
    const tool = tools.find((t) => t.name === name)!;
    const input = tool.inputSchema as JsonSchema & { additionalProperties?: boolean };
    expect(input.type).toBe("object");
    expect(input.additionalProperties).toBe(false);
    for (const [field, schema] of Object.entries(input.properties ?? {})) {
      expect(schema.description, `${name}.${field}`).toEqual(expect.any(String));
    }
    expect((tool.outputSchema as JsonSchema).type).toBe("object");
  });

  it("gives search_reviews exactly the REST search parameters", () => {
    const input = tools.find((t) => t.name === "search_reviews")!.inputSchema as JsonSchema & { required?: string[] };
    expect(Object.keys(input.properties!)).toEqual([
      "rating",
      "min_rating",
      "since",
      "until",
      "query",
      "mentions_technician",
      "mentions_service",
      "aspect",
      "sentiment",
      "limit",
      "offset",
    ]);
    expect(input.properties!.rating).toMatchObject({ type: "integer", minimum: 1, maximum: 5 });
    expect(input.properties!.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(input.properties!.offset).toMatchObject({ type: "integer", minimum: 0 });
    expect(input.required ?? []).toEqual([]);
  });
});

describe("createMcpServer: resources", () => {
  it("lists the three datasets under the site's base URL", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => [r.name, r.uri, r.mimeType])).toEqual([
      ["reviews", data.urls.reviews, "application/json"],
      ["insights", data.urls.insights, "application/json"],
      ["feed", data.urls.jsonFeed, "application/feed+json"],
    ]);
  });

  it.each([
    ["reviews.json", data.urls.reviews, () => data.index.dataset],
    ["insights.json", data.urls.insights, () => data.insights],
    ["the JSON feed", data.urls.jsonFeed, () => buildJsonFeed(data.index.dataset, data.urls)],
  ])("reads %s as the published JSON", async (_name, uri, expected) => {
    const { contents } = await client.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0]!.uri).toBe(uri);
    expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(expected());
  });
});
