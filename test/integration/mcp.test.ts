import { request as httpRequest } from "node:http";
import { Client, StreamableHTTPClientTransport, type CallToolResult, type ClientOptions, type Tool } from "@modelcontextprotocol/client";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const base = inject("baseUrl");
const endpoint = `${base}/mcp`;

/** One call per tool: every tool, with arguments an assistant would send. */
const CALLS: [string, Record<string, unknown>][] = [
  ["get_business", {}],
  ["search_reviews", { rating: 5, limit: 3 }],
  ["search_reviews", { aspect: "punctuality", sentiment: "negative", limit: 5 }],
  ["get_reviews_since", { date: "2026-01-01" }],
  ["get_review", { id: "__first__" }],
  ["get_insights", {}],
  ["get_insights", { section: "faq" }],
  ["list_technicians", {}],
  ["list_services", {}],
  ["evaluate_topic", { topic: "creosote" }],
  ["evaluate_topic", { mentions_service: "dryer-vent-cleaning", quotes: 2 }],
];

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * The two eras, each with the official v2 client: pinned to 2026-07-28
 * (server/discover, no session), and offering only 2025-06-18 (initialize,
 * Mcp-Session-Id), which is what a client of that era sends.
 */
const ERAS: { era: string; options: ClientOptions }[] = [
  { era: "2026-07-28", options: { versionNegotiation: { mode: { pin: "2026-07-28" } } } },
  { era: "2025-06-18", options: { supportedProtocolVersions: ["2025-06-18"] } },
];

describe.each(ERAS)("MCP over HTTP with the official v2 SDK client at $era", ({ era, options }) => {
  const client = new Client({ name: "integration-test", version: "1.0.0" }, options);
  const transport = new StreamableHTTPClientTransport(new URL(endpoint));
  let tools: Tool[] = [];
  // Draft-07, as the server lists tool schemas; formats (uri) checked too.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);

  beforeAll(async () => {
    await client.connect(transport);
    tools = (await client.listTools()).tools;
  });
  afterAll(async () => {
    await client.close();
  });

  it(`negotiates ${era}, with the server's identity and instructions`, () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(era);
    expect(client.getServerVersion()).toMatchObject({ name: "keystone-reviews" });
    expect(client.getInstructions()).toContain("search_reviews");
    if (era === "2026-07-28") {
      expect(transport.sessionId).toBeUndefined();
      expect(client.getDiscoverResult()).toMatchObject({ supportedVersions: ["2026-07-28"], capabilities: { tools: {}, resources: {} } });
    } else {
      expect(transport.sessionId).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    }
  });

  it("lists the eight read-only tools", () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ["evaluate_topic", "get_business", "get_insights", "get_review", "get_reviews_since", "list_services", "list_technicians", "search_reviews"].sort(),
    );
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true && tool.outputSchema !== undefined)).toBe(true);
  });

  // The local runtime starts a fresh worker per call, so the calls run side by side.
  it("calls every tool, and each result validates against the outputSchema the server lists", { timeout: 180_000 }, async () => {
    const latest = (await client.callTool({ name: "search_reviews", arguments: { limit: 1 } })) as CallToolResult;
    const firstId = (latest.structuredContent as { reviews: { id: string }[] }).reviews[0]!.id;
    const results = await Promise.all(
      CALLS.map(async ([name, rawArgs]) => {
        const args = Object.fromEntries(Object.entries(rawArgs).map(([key, value]) => [key, value === "__first__" ? firstId : value]));
        // The emulator runs each call in a fresh worker; on a loaded machine a dozen at once outlast the client's 60 s default.
        return { name, args, result: (await client.callTool({ name, arguments: args }, { timeout: 170_000 })) as CallToolResult };
      }),
    );
    for (const { name, args, result } of results) {
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBeFalsy();
      const validate = ajv.compile(tools.find((tool) => tool.name === name)!.outputSchema!);
      expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    }
    expect([...new Set(results.map((r) => r.name))].sort()).toEqual(tools.map((tool) => tool.name).sort());
  });

  it("searches {rating: 5, limit: 3} as docs/interface.md §4.6 shows, like the REST search", { timeout: 120_000 }, async () => {
    const result = (await client.callTool({ name: "search_reviews", arguments: { rating: 5, limit: 3 } })) as CallToolResult;
    const rest = await (await fetch(`${base}/api/reviews/search?rating=5&limit=3`)).text();
    expect((result.content[0] as { text: string }).text).toBe(rest);
    expect(result.structuredContent).toMatchObject({ count: 3, limit: 3 });
  });

  it("answers invalid arguments with the REST 400 body as an isError result", { timeout: 120_000 }, async () => {
    const result = (await client.callTool({ name: "search_reviews", arguments: { rating: 9 } })) as CallToolResult;
    const rest = await fetch(`${base}/api/reviews/search?rating=9`);
    expect(rest.status).toBe(400);
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(await rest.json());
  });

  it("answers an ambiguous technician with an isError result", { timeout: 120_000 }, async () => {
    const result = (await client.callTool({ name: "search_reviews", arguments: { mentions_technician: "Chris" } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toContain("give the full name or id");
  });

  it("lists and reads every dataset resource under the site's base URL", { timeout: 120_000 }, async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([`${base}/reviews.json`, `${base}/insights.json`, `${base}/api/feed.json`]);
    for (const resource of resources) {
      const { contents } = await client.readResource({ uri: resource.uri });
      const published = (await (await fetch(resource.uri)).json()) as unknown;
      expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(published);
    }
  });

  if (era !== "2026-07-28") {
    it("ends the session with DELETE; the id then gets 404", async () => {
      const session = transport.sessionId!;
      await transport.terminateSession();
      const response = await post({ jsonrpc: "2.0", id: 9, method: "tools/list" }, { "Mcp-Session-Id": session, "MCP-Protocol-Version": "2025-06-18" });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", id: 9, error: { code: -32001 } });
    });
  }
});

describe("MCP 2026-07-28 over raw HTTP", () => {
  const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
  const modern = (method: string, params: Record<string, unknown> = {}, name?: string) =>
    post(
      { jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } },
      { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method, ...(name === undefined ? {} : { "Mcp-Name": name }) },
    );

  it("carries resultType and the deploy-long cache hints on discover, lists and reads", { timeout: 120_000 }, async () => {
    for (const [method, params, name] of [
      ["server/discover", {}],
      ["tools/list", {}],
      ["resources/list", {}],
      ["resources/read", { uri: `${base}/insights.json` }, `${base}/insights.json`],
    ] as const) {
      const body = (await (await modern(method, params, name)).json()) as { result: Record<string, unknown> };
      expect(body.result, method).toMatchObject({ resultType: "complete", ttlMs: 300_000, cacheScope: "public" });
    }
  });

  it("answers a Mcp-Method header that disagrees with the body with -32020 and 400", async () => {
    const response = await post(
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } },
      { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32020 } });
  });

  it("answers an unsupported revision with UnsupportedProtocolVersion naming the supported ones", async () => {
    const response = await post(
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { ...meta, "io.modelcontextprotocol/protocolVersion": "2027-01-01" } } },
      { "MCP-Protocol-Version": "2027-01-01", "Mcp-Method": "tools/list" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: -32022, data: { supported: ["2026-07-28"], requested: "2027-01-01" } } });
  });
});

describe("MCP 2025 over raw HTTP", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "0" } },
  };

  it("serves tools/list sent with only Content-Type: application/json", async () => {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(8);
  });

  it("issues a session that keeps working across the runtime's fresh function workers", { timeout: 120_000 }, async () => {
    const session = (await post(initialize)).headers.get("mcp-session-id")!;
    expect(session).toBeTruthy();
    for (let id = 2; id < 5; id += 1) expect((await post({ jsonrpc: "2.0", id, method: "tools/list" }, { "Mcp-Session-Id": session })).status).toBe(200);
    const ended = await fetch(endpoint, { method: "DELETE", headers: { "Mcp-Session-Id": session } });
    expect([200, 204]).toContain(ended.status);
    expect((await post({ jsonrpc: "2.0", id: 6, method: "tools/list" }, { "Mcp-Session-Id": session })).status).toBe(404);
  });

  it.each([
    ["malformed JSON", "{oops", {}, 400, -32700],
    ["a batch", JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "ping" }]), {}, 400, -32600],
    ["a forged session id", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { "Mcp-Session-Id": "eyJpZCI6IjEifQ.AAAA" }, 404, -32001],
    ["an unsupported protocol version", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { "MCP-Protocol-Version": "1.0" }, 400, -32000],
    ["a body over 64 KiB", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(70_000) } }), {}, 413, -32000],
    ["a text/plain body", "{}", { "Content-Type": "text/plain" }, 415, -32000],
  ])("answers %s with its status and a JSON-RPC error", async (_name, body, headers: Record<string, string>, status, code) => {
    const response = await post(body, headers);
    expect(response.status).toBe(status);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code } });
  });

  it("answers an unknown method with -32601", async () => {
    expect(await (await post({ jsonrpc: "2.0", id: 3, method: "reviews/purge" })).json()).toMatchObject({ id: 3, error: { code: -32601 } });
  });

  it("answers GET with 405 and Allow (no SSE stream)", async () => {
    const response = await fetch(endpoint, { headers: { Accept: "text/event-stream" } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, DELETE, OPTIONS");
    await response.arrayBuffer();
  });

  it("answers a CORS preflight and exposes Mcp-Session-Id", async () => {
    const preflight = await fetch(endpoint, { method: "OPTIONS", headers: { Origin: "https://app.example", "Access-Control-Request-Method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const response = await post(initialize, { Origin: "https://app.example" });
    expect(response.headers.get("access-control-expose-headers")).toContain("Mcp-Session-Id");
    await response.arrayBuffer();
  });

  it("ignores an Authorization header", async () => {
    const response = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { Authorization: "Bearer whatever" });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it("refuses a DNS-rebinding Host on the loopback dev server with 403", async () => {
    const url = new URL(endpoint);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: "/mcp", method: "POST", headers: { Host: `evil.example:${url.port}`, "Content-Type": "application/json" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
    expect(status).toBe(403);
  });
});
