import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/client";
import { describe, expect, it, vi } from "vitest";
import { createSiteUrls } from "../../src/lib/dataset/site-urls.ts";
import { handleMcpRequest } from "../../src/mcp/handler.ts";
import { MAX_BODY_BYTES } from "../../src/mcp/http/body-limit.ts";
import { createDeps, INITIALIZE, JSON_HEADERS, MCP_URL, openSession, post, readRpc, rpc } from "./support/mcp-fixture.ts";

const TOOLS_LIST = rpc(2, "tools/list");

function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(Math.min(16 * 1024, bytes - sent)).fill(0x20);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("POST /mcp: the handshake", () => {
  it("answers initialize at 2025-06-18 with instructions and an Mcp-Session-Id", async () => {
    const response = await post(createDeps(), INITIALIZE);
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const body = await readRpc(response);
    expect(body).toMatchObject({ jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-06-18", serverInfo: { name: "keystone-reviews" } } });
    expect(body.result!.capabilities).toMatchObject({ tools: {}, resources: {} });
    expect(body.result!.instructions).toEqual(expect.stringContaining("evaluate_topic"));
  });

  it.each([
    ["a later version the SDK knows", LATEST_PROTOCOL_VERSION, LATEST_PROTOCOL_VERSION],
    ["an earlier published version", "2025-03-26", "2025-03-26"],
    ["a 2024 version, no longer served (the server proposes its latest 2025 one)", "2024-11-05", "2025-11-25"],
    ["an unknown version (the server proposes its latest)", "1999-01-01", LATEST_PROTOCOL_VERSION],
  ])("negotiates %s", async (_name, requested, negotiated) => {
    const response = await post(createDeps(), { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: requested } });
    expect((await readRpc(response)).result!.protocolVersion).toBe(negotiated);
    expect(response.headers.get("mcp-session-id")).not.toBeNull();
  });

  it("answers an initialize without clientInfo with -32602 and no session", async () => {
    const response = await post(createDeps(), { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18" } });
    expect(response.status).toBe(200);
    expect(await readRpc(response)).toMatchObject({ id: 1, error: { code: -32602, message: expect.stringContaining("clientInfo") } });
    expect(response.headers.get("mcp-session-id")).toBeNull();
  });

  it("serves any method without a session id, statelessly", async () => {
    const response = await post(createDeps(), TOOLS_LIST);
    expect(response.status).toBe(200);
    const body = await readRpc(response);
    expect((body.result!.tools as unknown[]).length).toBe(8);
  });

  it.each([
    ["no Accept at all (docs/interface.md §4.6)", {}],
    ["Accept: application/json only", { Accept: "application/json" }],
    ["Accept: */*", { Accept: "*/*" }],
    ["Accept: application/*", { Accept: "application/*;q=0.9" }],
    ["an Accept whose exact application/json outranks a refused wildcard", { Accept: "application/*;q=0, application/json" }],
  ])("accepts tools/list with %s", async (_name, accept: Record<string, string>) => {
    const response = await post(createDeps(), TOOLS_LIST, { "Content-Type": "application/json", ...accept });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it.each(["2025-06-18", "2025-11-25"])("answers an initialize sent with the MCP-Protocol-Version header %s (a revision we serve)", async (version) => {
    const response = await post(createDeps(), INITIALIZE, { ...JSON_HEADERS, "MCP-Protocol-Version": version });
    expect(response.status).toBe(200);
    expect((await readRpc(response)).result!.protocolVersion).toBe("2025-06-18");
  });

  it.each(["tools/list", "resources/list", "resources/templates/list"])("answers %s with a cursor (none is ever issued) with -32602", async (method) => {
    const response = await post(createDeps(), rpc(5, method, { cursor: "abc" }));
    expect(response.status).toBe(200);
    expect(await readRpc(response)).toMatchObject({ id: 5, error: { code: -32602, message: expect.stringContaining("cursor") } });
  });

  it("acknowledges a notification with 202 and no body", async () => {
    const response = await post(createDeps(), { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe("");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("POST /mcp: bad input never gets a 5xx", () => {
  it.each([
    ["malformed JSON", "{not json", JSON_HEADERS, 400, -32700],
    ["an empty body", "", JSON_HEADERS, 400, -32700],
    ["a JSON-RPC batch (removed in 2025-06-18)", JSON.stringify([rpc(1, "ping"), rpc(2, "tools/list")]), JSON_HEADERS, 400, -32600],
    ["an empty batch", "[]", JSON_HEADERS, 400, -32600],
    ["a JSON value that is not a message", "42", JSON_HEADERS, 400, -32600],
    ["a message without jsonrpc", JSON.stringify({ id: 1, method: "ping" }), JSON_HEADERS, 400, -32600],
    ["jsonrpc 1.0", JSON.stringify({ jsonrpc: "1.0", id: 1, method: "ping" }), JSON_HEADERS, 400, -32600],
    ["a text/plain body", JSON.stringify(TOOLS_LIST), { "Content-Type": "text/plain", Accept: "application/json" }, 415, -32000],
    ["no Content-Type", JSON.stringify(TOOLS_LIST), { Accept: "application/json" }, 415, -32000],
    ["a form body", "a=1", { "Content-Type": "application/x-www-form-urlencoded" }, 415, -32000],
    ["an Accept that rules JSON out", JSON.stringify(TOOLS_LIST), { "Content-Type": "application/json", Accept: "text/html" }, 406, -32000],
    [
      "an Accept that refuses JSON with q=0",
      JSON.stringify(TOOLS_LIST),
      { "Content-Type": "application/json", Accept: "application/json;q=0, text/event-stream" },
      406,
      -32000,
    ],
    [
      "an Accept that refuses JSON with q=0 before a wildcard (the most specific range decides, RFC 9110 §12.5.1)",
      JSON.stringify(TOOLS_LIST),
      { "Content-Type": "application/json", Accept: "application/json;q=0, */*" },
      406,
      -32000,
    ],
    [
      "an initialize whose MCP-Protocol-Version header names no revision we serve",
      JSON.stringify(INITIALIZE),
      { ...JSON_HEADERS, "MCP-Protocol-Version": "1900-01-01" },
      400,
      -32000,
    ],
    [
      "an MCP-Protocol-Version of a 2025-era revision we do not serve",
      JSON.stringify(TOOLS_LIST),
      { ...JSON_HEADERS, "MCP-Protocol-Version": "2024-11-05" },
      400,
      -32000,
    ],
    [
      "a future MCP-Protocol-Version without the 2026-07-28 _meta envelope",
      JSON.stringify(TOOLS_LIST),
      { ...JSON_HEADERS, "MCP-Protocol-Version": "2099-01-01" },
      400,
      -32602,
    ],
    ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), JSON_HEADERS, 400, -32700],
  ])("%s", async (_name, body: string | Uint8Array, headers: Record<string, string>, status, code) => {
    const response = await handleMcpRequest(new Request(MCP_URL, { method: "POST", headers, body: body as BodyInit }), createDeps());
    expect(response.status).toBe(status);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const result = await readRpc(response);
    expect(result).toMatchObject({ jsonrpc: "2.0", error: { code } });
    expect(result.error!.message.length).toBeGreaterThan(10);
  });

  it("answers a body that is not JSON-RPC with -32600 (the SDK's router sends it to the 2026-07-28 path)", async () => {
    const response = await post(createDeps(), { jsonrpc: "2.0", id: 7, method: 42 });
    expect(response.status).toBe(400);
    expect(await readRpc(response)).toMatchObject({ error: { code: -32600 } });
  });

  it("answers an unknown method with -32601", async () => {
    const response = await post(createDeps(), rpc(3, "reviews/delete_all"));
    expect(response.status).toBe(200);
    expect(await readRpc(response)).toMatchObject({ id: 3, error: { code: -32601 } });
  });

  it("answers a call to an unknown tool with -32602 naming the tools", async () => {
    const response = await post(createDeps(), rpc(4, "tools/call", { name: "delete_review", arguments: {} }));
    const body = await readRpc(response);
    expect(body).toMatchObject({ id: 4, error: { code: -32602 } });
    expect(body.error!.message).toContain("search_reviews");
  });

  it.each([
    ["tools/call without a name", rpc(6, "tools/call", { arguments: {} })],
    ["tools/call with a numeric name", rpc(6, "tools/call", { name: 7 })],
    ["resources/read without a uri", rpc(6, "resources/read", {})],
  ])("answers %s with -32602, not the SDK's -32603", async (_name, body) => {
    const response = await post(createDeps(), body);
    expect(response.status).toBe(200);
    expect(await readRpc(response)).toMatchObject({ id: 6, error: { code: -32602, message: expect.stringMatching(/^Invalid params/) } });
  });

  it("answers invalid tool arguments with an isError result carrying the REST 400 body", async () => {
    const response = await post(createDeps(), rpc(5, "tools/call", { name: "search_reviews", arguments: { rating: "five", stars: 5 } }));
    expect(response.status).toBe(200);
    const body = await readRpc(response);
    expect(body).toMatchObject({ id: 5, result: { isError: true } });
    const text = (body.result as { content: { text: string }[] }).content[0]!.text;
    expect(JSON.parse(text)).toMatchObject({
      error: "invalid_request",
      issues: [
        { path: ["rating"], message: expect.stringContaining("rating") },
        { path: ["stars"], code: "unknown_parameter" },
      ],
    });
  });

  it("answers resources/read of an unlisted URI with -32602 Resource not found (SEP-2164), its message given once", async () => {
    const response = await post(createDeps(), rpc(8, "resources/read", { uri: "https://reviews.example/secrets.json" }));
    expect(response.status).toBe(200);
    const body = await readRpc(response);
    expect(body).toMatchObject({
      id: 8,
      error: { code: -32602, message: "Resource not found: https://reviews.example/secrets.json; resources/list names the 3 resources" },
    });
    expect(body.error!.message).not.toMatch(/MCP error/);
  });

  it("reads a resource named by an equivalent URI (explicit default port, upper-case host)", async () => {
    const { reviews } = createDeps().urls;
    const equivalent = reviews.replace("https://reviews.example/", "https://REVIEWS.example:443/");
    const response = await post(createDeps(), rpc(10, "resources/read", { uri: equivalent }));
    const body = await readRpc(response);
    expect((body.result as { contents: { uri: string }[] }).contents[0]!.uri).toBe(reviews);
  });

  it("answers resources/templates/list with an empty list", async () => {
    const response = await post(createDeps(), rpc(9, "resources/templates/list"));
    expect(await readRpc(response)).toMatchObject({ id: 9, result: { resourceTemplates: [] } });
  });

  it.each([
    ["a declared Content-Length over the cap", { "Content-Length": String(MAX_BODY_BYTES + 1) }, JSON.stringify(TOOLS_LIST)],
    ["a body over the cap with no Content-Length", {}, streamOf(MAX_BODY_BYTES + 1)],
    ["a body over the cap whose Content-Length lies", { "Content-Length": "10" }, streamOf(MAX_BODY_BYTES * 2)],
  ])("refuses %s with 413", async (_name, extra: Record<string, string>, body: string | ReadableStream) => {
    const request = new Request(MCP_URL, { method: "POST", headers: { ...JSON_HEADERS, ...extra }, body, duplex: "half" } as RequestInit);
    const response = await handleMcpRequest(request, createDeps());
    expect(response.status).toBe(413);
    expect(await readRpc(response)).toMatchObject({ error: { code: -32000, message: expect.stringContaining(String(MAX_BODY_BYTES)) } });
  });

  it("answers a body cut off mid-way (the client left) with 400, logging nothing", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = new Request(MCP_URL, { method: "POST", headers: JSON_HEADERS, body, duplex: "half" } as RequestInit);
    const response = await handleMcpRequest(request, createDeps());
    expect(response.status).toBe(400);
    expect(await readRpc(response)).toMatchObject({ error: { code: -32000, message: expect.stringContaining("ended before it was complete") } });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("accepts a body of exactly the cap", async () => {
    const json = JSON.stringify(TOOLS_LIST);
    const padded = json + " ".repeat(MAX_BODY_BYTES - json.length);
    expect((await post(createDeps(), padded)).status).toBe(200);
  });

  it("ignores an Authorization header", async () => {
    const plain = await (await post(createDeps(), TOOLS_LIST)).text();
    const withAuth = await post(createDeps(), TOOLS_LIST, { ...JSON_HEADERS, Authorization: "Bearer not-a-real-token" });
    expect(withAuth.status).toBe(200);
    expect(await withAuth.text()).toBe(plain);
  });
});

describe("/mcp: other methods, CORS and Origin", () => {
  it.each(["GET", "HEAD", "PUT", "PATCH"])("answers %s with 405 and Allow", async (method) => {
    const response = await handleMcpRequest(new Request(MCP_URL, { method, headers: { Accept: "text/event-stream" } }), createDeps());
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, DELETE, OPTIONS");
    if (method !== "HEAD") expect(await readRpc(response)).toMatchObject({ error: { code: -32000 } });
  });

  it("answers a CORS preflight for POST with the MCP headers", async () => {
    const response = await handleMcpRequest(
      new Request(MCP_URL, {
        method: "OPTIONS",
        headers: {
          Origin: "https://app.example",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, mcp-session-id, mcp-protocol-version",
        },
      }),
      createDeps(),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, DELETE, OPTIONS");
    expect(response.headers.get("access-control-allow-headers")).toMatch(/Mcp-Session-Id.*MCP-Protocol-Version/);
  });

  it("exposes Mcp-Session-Id to browsers", async () => {
    const response = await post(createDeps(), INITIALIZE);
    expect(response.headers.get("access-control-expose-headers")).toContain("Mcp-Session-Id");
  });

  it.each(["https://evil.example", "null", "http://localhost:3000"])(
    "accepts any Origin on the public site (%s): there is nothing private to protect",
    async (origin) => {
      const response = await post(createDeps(), TOOLS_LIST, { ...JSON_HEADERS, Origin: origin });
      expect(response.status).toBe(200);
    },
  );

  describe("on a dev server bound to loopback", () => {
    const local = createDeps({ urls: createSiteUrls("http://127.0.0.1:8888") });
    const send = (host: string) =>
      handleMcpRequest(
        new Request("http://127.0.0.1:8888/mcp", { method: "POST", headers: { ...JSON_HEADERS, Host: host }, body: JSON.stringify(TOOLS_LIST) }),
        local,
      );

    it.each(["127.0.0.1:8888", "localhost:8888", "[::1]:8888", "127.0.0.2:8888"])("serves Host %s", async (host) => {
      expect((await send(host)).status).toBe(200);
    });

    it.each(["evil.example:8888", "evil.example", "127.0.0.1.evil.example"])("refuses a DNS-rebinding Host %s with 403", async (host) => {
      const response = await send(host);
      expect(response.status).toBe(403);
      expect(await readRpc(response)).toMatchObject({ error: { code: -32000 } });
    });
  });
});

describe("/mcp: store outages are 503, never 500", () => {
  const down = async () => {
    throw new Error("blobs: connect ECONNREFUSED");
  };

  it("answers 503 when the revocation record cannot be read", async () => {
    const deps = createDeps();
    const session = await openSession(deps);
    const broken = { ...deps, sessions: { isEnded: down, end: down } };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await post(broken, TOOLS_LIST, { ...JSON_HEADERS, "Mcp-Session-Id": session });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await readRpc(response)).toMatchObject({ error: { code: -32000, message: expect.stringContaining("unavailable") } });
    errors.mockRestore();
  });

  it.each([
    ["initialize", INITIALIZE],
    ["a session request", TOOLS_LIST],
  ])("answers 503 to %s when the secret cannot be read", async (_name, body) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await post(createDeps({ secret: down }), body, { ...JSON_HEADERS, "Mcp-Session-Id": "abc.def" });
    expect(response.status).toBe(503);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    errors.mockRestore();
  });

  it("answers 503 to DELETE when the record cannot be written", async () => {
    const deps = createDeps();
    const session = await openSession(deps);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await handleMcpRequest(new Request(MCP_URL, { method: "DELETE", headers: { "Mcp-Session-Id": session } }), {
      ...deps,
      sessions: { isEnded: async () => false, end: down },
    });
    expect(response.status).toBe(503);
    errors.mockRestore();
  });

  it("still serves requests without a session while the store is down", async () => {
    const response = await post(createDeps({ secret: down, sessions: { isEnded: down, end: down } }), TOOLS_LIST);
    expect(response.status).toBe(200);
  });
});
