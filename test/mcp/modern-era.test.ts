import type { CallToolResult } from "@modelcontextprotocol/client";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { handleSearchRequest } from "../../src/lib/api/search-endpoint.ts";
import { handleSinceRequest } from "../../src/lib/api/since-endpoint.ts";
import { CACHE_HINT, TOOL_NAMES } from "../../src/mcp/create-mcp-server.ts";
import { handleMcpRequest } from "../../src/mcp/handler.ts";
import {
  connectModernClient,
  createDeps,
  JSON_HEADERS,
  MCP_URL,
  MODERN_META,
  modernHeaders,
  openSession,
  post,
  postModern,
  readRpc,
  realData,
  rpc,
} from "./support/mcp-fixture.ts";

const deps = createDeps();
const client = await connectModernClient(deps);
const { tools } = await client.listTools();
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);

/** Arguments per tool for the every-tool check. */
const CALLS: Record<(typeof TOOL_NAMES)[number], Record<string, unknown>> = {
  get_business: {},
  search_reviews: { rating: 5, limit: 3 },
  get_reviews_since: { date: "2026-01-01" },
  get_review: { id: realData().index.reviews[0]!.id },
  get_insights: { section: "faq" },
  list_technicians: {},
  list_services: {},
  evaluate_topic: { topic: "creosote" },
};

describe("MCP 2026-07-28 with the v2 client (in process)", () => {
  it("negotiates 2026-07-28 through server/discover, with no session", () => {
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(client.getDiscoverResult()).toMatchObject({ supportedVersions: ["2026-07-28"], capabilities: { tools: {}, resources: {} } });
    expect(client.getServerVersion()).toMatchObject({ name: "keystone-reviews" });
    expect(client.getInstructions()).toContain("evaluate_topic");
  });

  it("lists the same tools as the 2025 era", async () => {
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES]);
    const legacy = await readRpc(await post(deps, rpc(1, "tools/list")));
    expect(tools).toEqual((legacy.result as { tools: unknown[] }).tools);
  });

  it.each(TOOL_NAMES)("calls %s: structuredContent validates against its outputSchema, text is its JSON copy", async (name) => {
    const result = (await client.callTool({ name, arguments: CALLS[name] })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const validate = ajv.compile(tools.find((tool) => tool.name === name)!.outputSchema!);
    expect(validate(result.structuredContent), ajv.errorsText(validate.errors)).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  });

  it("reads every resource it lists", async () => {
    const { resources } = await client.listResources();
    expect(resources).toHaveLength(3);
    for (const resource of resources) {
      const { contents } = await client.readResource({ uri: resource.uri });
      expect(contents[0]).toMatchObject({ uri: resource.uri, mimeType: resource.mimeType });
      expect(() => JSON.parse((contents[0] as { text: string }).text) as unknown).not.toThrow();
    }
  });
});

describe("MCP 2026-07-28 on the wire", () => {
  it.each([
    ["server/discover", {}, undefined],
    ["tools/list", {}, undefined],
    ["resources/list", {}, undefined],
    ["resources/templates/list", {}, undefined],
    ["resources/read", { uri: realData().urls.insights }, realData().urls.insights],
  ])("%s carries resultType and the deploy-long public cache hint", async (method, params, name) => {
    const response = await postModern(deps, 1, method, params, name);
    expect(response.status).toBe(200);
    expect((await readRpc(response)).result).toMatchObject({ resultType: "complete", ttlMs: CACHE_HINT.ttlMs, cacheScope: "public" });
  });

  it("tools/call carries resultType and no session id", async () => {
    const response = await postModern(deps, 2, "tools/call", { name: "get_business", arguments: {} }, "get_business");
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect((await readRpc(response)).result).toMatchObject({ resultType: "complete" });
  });

  it("2025-era answers carry no 2026 fields", async () => {
    const result = (await readRpc(await post(deps, rpc(3, "tools/list")))).result!;
    expect(result).not.toHaveProperty("ttlMs");
    expect(result).not.toHaveProperty("resultType");
  });

  it("answers an unsupported revision with UnsupportedProtocolVersion (-32022) naming the supported ones", async () => {
    const meta = { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": "2027-01-01" };
    const response = await post(deps, rpc(4, "tools/list", { _meta: meta }), { ...modernHeaders("tools/list"), "MCP-Protocol-Version": "2027-01-01" });
    expect(response.status).toBe(400);
    expect(await readRpc(response)).toMatchObject({ id: 4, error: { code: -32022, data: { supported: ["2026-07-28"], requested: "2027-01-01" } } });
  });

  it("serves tools/list sent with only Content-Type plus the protocol headers", async () => {
    const response = await post(deps, rpc(5, "tools/list", { _meta: MODERN_META }), {
      "Content-Type": "application/json",
      "MCP-Protocol-Version": "2026-07-28",
      "Mcp-Method": "tools/list",
    });
    expect(response.status).toBe(200);
  });

  it("ignores a session id: 2026-07-28 is stateless", async () => {
    const response = await post(deps, rpc(6, "tools/list", { _meta: MODERN_META }), { ...modernHeaders("tools/list"), "Mcp-Session-Id": "not-a-session" });
    expect(response.status).toBe(200);
  });
});

describe("MCP 2026-07-28: hostile requests get a JSON-RPC error or a 4xx, never a 5xx", () => {
  const deepArguments = (depth: number) =>
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_reviews","_meta":${JSON.stringify(MODERN_META)},"arguments":${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}}}`;
  /** [what, body, headers, status, JSON-RPC error code or null for an isError tool result] */
  const cases: [string, BodyInit, Record<string, string>, number, number | null][] = [
    ["Mcp-Method disagreeing with the body", JSON.stringify(rpc(1, "tools/list", { _meta: MODERN_META })), modernHeaders("tools/call"), 400, -32020],
    [
      "Mcp-Name disagreeing with the body",
      JSON.stringify(rpc(1, "tools/call", { name: "get_business", arguments: {}, _meta: MODERN_META })),
      modernHeaders("tools/call", "search_reviews"),
      400,
      -32020,
    ],
    [
      "tools/call without Mcp-Name",
      JSON.stringify(rpc(1, "tools/call", { name: "get_business", arguments: {}, _meta: MODERN_META })),
      modernHeaders("tools/call"),
      400,
      -32020,
    ],
    [
      "MCP-Protocol-Version disagreeing with _meta",
      JSON.stringify(rpc(1, "tools/list", { _meta: MODERN_META })),
      { ...modernHeaders("tools/list"), "MCP-Protocol-Version": "2025-06-18" },
      400,
      -32020,
    ],
    [
      "_meta protocolVersion of the wrong type",
      JSON.stringify(rpc(1, "tools/list", { _meta: { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": 2026 } })),
      modernHeaders("tools/list"),
      400,
      -32602,
    ],
    [
      "_meta clientCapabilities of the wrong type",
      JSON.stringify(rpc(1, "tools/list", { _meta: { ...MODERN_META, "io.modelcontextprotocol/clientCapabilities": "all" } })),
      modernHeaders("tools/list"),
      400,
      -32602,
    ],
    ["_meta that is an array", JSON.stringify(rpc(1, "tools/list", { _meta: [1, 2] })), modernHeaders("tools/list"), 400, -32600],
    [
      "a batch of 2026-07-28 requests",
      JSON.stringify([rpc(1, "tools/list", { _meta: MODERN_META }), rpc(2, "tools/list", { _meta: MODERN_META })]),
      modernHeaders("tools/list"),
      400,
      -32600,
    ],
    ["a 2 MB body", JSON.stringify(rpc(1, "tools/list", { _meta: MODERN_META, pad: "x".repeat(2_000_000) })), modernHeaders("tools/list"), 413, -32000],
    ["arguments nested 5,000 deep", deepArguments(5000), modernHeaders("tools/call", "search_reviews"), 200, null],
    [
      "an unknown tool",
      JSON.stringify(rpc(1, "tools/call", { name: "drop_tables", arguments: {}, _meta: MODERN_META })),
      modernHeaders("tools/call", "drop_tables"),
      200,
      -32602,
    ],
    [
      "tools/call arguments that are a string",
      JSON.stringify(rpc(1, "tools/call", { name: "search_reviews", arguments: "x", _meta: MODERN_META })),
      modernHeaders("tools/call", "search_reviews"),
      200,
      -32602,
    ],
  ];
  it.each(cases)("%s", async (_name, body, headers, status, code) => {
    const response = await handleMcpRequest(new Request(MCP_URL, { method: "POST", headers, body }), createDeps());
    const text = await response.text();
    expect(response.status).toBe(status);
    const parsed = JSON.parse(text) as { error?: { code: number }; result?: { isError?: boolean } };
    if (code !== null) expect(parsed.error?.code).toBe(code);
    else expect(parsed.error !== undefined || parsed.result?.isError === true).toBe(true);
  });
});

describe("MCP and REST give the same message for the same invalid input (docs/mcp.md)", () => {
  const restSearch = async (query: string) =>
    (await handleSearchRequest(new Request(`https://reviews.example/api/reviews/search?${query}`), realData().index).json()) as unknown;
  const SEARCH: [string, string, Record<string, unknown>][] = [
    ["a rating out of range", "rating=9", { rating: 9 }],
    ["a limit over the maximum", "limit=5000", { limit: 5000 }],
    ["an unknown parameter", "colour=red", { colour: "red" }],
    ["since after until", "since=2026-05-01&until=2026-01-01", { since: "2026-05-01", until: "2026-01-01" }],
    ["an ambiguous technician", "mentions_technician=Chris", { mentions_technician: "Chris" }],
    ["an unknown service", "mentions_service=roof-repair", { mentions_service: "roof-repair" }],
    ["a malformed date", "since=yesterday", { since: "yesterday" }],
  ];

  const mcpErrorBody = async (era: "2026-07-28" | "2025-06-18", name: string, args: Record<string, unknown>) => {
    const response =
      era === "2026-07-28"
        ? await postModern(deps, 1, "tools/call", { name, arguments: args }, name)
        : await post(deps, rpc(1, "tools/call", { name, arguments: args }), { ...JSON_HEADERS, "Mcp-Session-Id": await openSession(deps) });
    const result = (await readRpc(response)).result as unknown as CallToolResult;
    expect(result.isError).toBe(true);
    return JSON.parse((result.content[0] as { text: string }).text) as unknown;
  };

  it.each(SEARCH.flatMap(([label, query, args]) => (["2026-07-28", "2025-06-18"] as const).map((era) => [label, era, query, args] as const)))(
    "search_reviews with %s (%s) is the REST 400 body",
    async (_label, era, query, args) => {
      expect(await mcpErrorBody(era, "search_reviews", args)).toEqual(await restSearch(query));
    },
  );

  it.each(["2026-07-28", "2025-06-18"] as const)("get_reviews_since with a malformed date (%s) is the REST 400 body", async (era) => {
    const rest = (await handleSinceRequest(
      new Request("https://reviews.example/api/reviews/since/2026-13-45"),
      "2026-13-45",
      realData().index,
    ).json()) as unknown;
    expect(await mcpErrorBody(era, "get_reviews_since", { date: "2026-13-45" })).toEqual(rest);
  });
});
