import { isLegacyRequest, specTypeSchemas } from "@modelcontextprotocol/server";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../../src/mcp/create-mcp-server.ts";
import { handleMcpRequest } from "../../src/mcp/handler.ts";
import { answerModernToolCallDirectly, answerPlainToolCall, classifyPlainToolCall, readPlainToolCall } from "../../src/mcp/http/direct-tool-call.ts";
import { dispatchToSdk } from "../../src/mcp/http/dispatch.ts";
import { handlerFor } from "../../src/mcp/http/modern-era.ts";
import { createDeps, JSON_HEADERS, MCP_URL, MODERN_META, modernHeaders, openSession, realData } from "./support/mcp-fixture.ts";

const deps = createDeps();
const data = realData();
const firstId = data.index.reviews[0]!.id;

/** Arguments per tool: valid ones, and ones each tool refuses (an isError result). */
const CALLS: ReadonlyArray<[string, Record<string, unknown> | undefined]> = [
  ["get_business", {}],
  ["get_business", undefined],
  ["search_reviews", { rating: 5, limit: 3 }],
  ["search_reviews", { query: "creosote", limit: 10 }],
  ["search_reviews", { min_rating: 1, limit: 100, offset: 5 }],
  ["search_reviews", { aspect: "price_value", sentiment: "negative" }],
  ["search_reviews", { mentions_technician: "Nobody" }],
  ["search_reviews", { limit: 0 }],
  ["search_reviews", { rating: "five" }],
  ["search_reviews", { unknown_argument: 1 }],
  ["get_reviews_since", { date: "2026-01-01" }],
  ["get_reviews_since", { date: "yesterday" }],
  ["get_review", { id: firstId }],
  ["get_review", { id: "no-such-review" }],
  ["get_insights", { section: "faq" }],
  ["get_insights", {}],
  ["list_technicians", {}],
  ["list_services", {}],
  ["evaluate_topic", { topic: "creosote" }],
  ["evaluate_topic", {}],
];

const requestOf = (headers: Record<string, string>) => new Request(MCP_URL, { method: "POST", headers });

async function snapshot(response: Response) {
  return { status: response.status, headers: [...response.headers], body: await response.text() };
}

describe("a plain tools/call answered without the SDK's per-request machinery", () => {
  it("covers every tool", () => {
    expect(new Set(CALLS.map(([name]) => name))).toEqual(new Set(TOOL_NAMES));
  });

  it.each(CALLS)("2026-07-28 %s %j: the same status, headers and bytes as the SDK's createMcpHandler", async (name, args) => {
    const body = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args, _meta: MODERN_META } };
    const headers = modernHeaders("tools/call", name);
    const direct = answerModernToolCallDirectly(requestOf(headers), body, data);
    expect(direct).not.toBeNull();
    const viaSdk = await handlerFor(data).fetch(requestOf(headers), { parsedBody: body });
    const expected = await snapshot(viaSdk);
    const actual = await snapshot(direct!);
    expect(actual.body).toBe(expected.body);
    expect(actual.status).toBe(expected.status);
    // The SDK's own header (content-type) is the same; the endpoint's CORS and no-store are added to both.
    expect(actual.headers).toEqual(expect.arrayContaining(expected.headers));
  });

  it.each(CALLS)("2025-06-18 %s %j: the same status, headers and bytes as the SDK's stateless transport", async (name, args) => {
    const body = { jsonrpc: "2.0" as const, id: "call-1", method: "tools/call", params: { name, arguments: args } };
    const request = requestOf({ ...JSON_HEADERS, "MCP-Protocol-Version": "2025-06-18" });
    const call = readPlainToolCall(body, "legacy");
    expect(call).not.toBeNull();
    // The 2025 era skips these checks for a plain call: they must hold.
    expect(specTypeSchemas.JSONRPCMessage["~standard"].validate(body)).not.toHaveProperty("issues");
    expect(specTypeSchemas.CallToolRequest["~standard"].validate(body)).not.toHaveProperty("issues");
    const direct = answerPlainToolCall(call!, "legacy", data);
    const expected = await snapshot(await dispatchToSdk(request, body, data));
    const actual = await snapshot(direct!);
    expect(actual.body).toBe(expected.body);
    expect(actual.status).toBe(expected.status);
    expect(actual.headers).toEqual(expect.arrayContaining(expected.headers));
  });

  it.each([
    ["another method", { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: MODERN_META } }, modernHeaders("tools/list")],
    ["an unknown tool", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "nope", _meta: MODERN_META } }, modernHeaders("tools/call", "nope")],
    [
      "client capabilities",
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_business", _meta: { ...MODERN_META, "io.modelcontextprotocol/clientCapabilities": { elicitation: {} } } },
      },
      modernHeaders("tools/call", "get_business"),
    ],
    [
      "a progress token",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business", _meta: { ...MODERN_META, progressToken: 1 } } },
      modernHeaders("tools/call", "get_business"),
    ],
    [
      "a header naming another tool",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business", _meta: MODERN_META } },
      modernHeaders("tools/call", "list_services"),
    ],
    ["no _meta", { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business" } }, modernHeaders("tools/call", "get_business")],
    [
      "array arguments",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business", arguments: [], _meta: MODERN_META } },
      modernHeaders("tools/call", "get_business"),
    ],
    [
      "a fractional id",
      { jsonrpc: "2.0", id: 1.5, method: "tools/call", params: { name: "get_business", _meta: MODERN_META } },
      modernHeaders("tools/call", "get_business"),
    ],
    [
      "an extra top-level member",
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business", _meta: MODERN_META }, extra: true },
      modernHeaders("tools/call", "get_business"),
    ],
  ])("leaves %s to the SDK", (_label, body, headers) => {
    expect(answerModernToolCallDirectly(requestOf(headers), body, data)).toBeNull();
  });

  it("leaves a 2025 call with _meta to the SDK", () => {
    const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business", _meta: { progressToken: 1 } } };
    expect(readPlainToolCall(body, "legacy")).toBeNull();
  });

  it("still checks the session first in the 2025 era: an ended session is 404", async () => {
    const session = await openSession(deps);
    const call = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business", arguments: {} } });
    const headers = { ...JSON_HEADERS, "MCP-Protocol-Version": "2025-06-18", "Mcp-Session-Id": session };
    expect((await handleMcpRequest(new Request(MCP_URL, { method: "POST", headers, body: call }), deps)).status).toBe(200);
    expect((await handleMcpRequest(new Request(MCP_URL, { method: "DELETE", headers }), deps)).status).toBe(204);
    expect((await handleMcpRequest(new Request(MCP_URL, { method: "POST", headers, body: call }), deps)).status).toBe(404);
  });
});

describe("the era of a plain tools/call, decided without the SDK's classifier", () => {
  const legacyCall = (name: string, args?: unknown) => ({
    jsonrpc: "2.0",
    id: 7,
    method: "tools/call",
    params: { name, ...(args === undefined ? {} : { arguments: args }) },
  });
  const modernCall = (name: string) => ({ jsonrpc: "2.0", id: "a", method: "tools/call", params: { name, arguments: {}, _meta: MODERN_META } });
  const bodies = fc.oneof(
    fc.constantFrom(...TOOL_NAMES).map((name) => legacyCall(name, { limit: 3 })),
    fc.constantFrom(...TOOL_NAMES).map((name) => legacyCall(name)),
    fc.constantFrom(...TOOL_NAMES).map(modernCall),
    // Not plain: left to the SDK.
    fc.constantFrom(
      legacyCall("nope"),
      { ...legacyCall("get_business"), extra: 1 },
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", id: 1, result: {} },
      [legacyCall("get_business")],
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_business", _meta: { progressToken: 1 } } },
    ),
  );
  const versions = fc.constantFrom(
    undefined,
    "2025-06-18",
    "2025-03-26",
    "2026-07-28",
    " 2026-07-28\t",
    "\t2025-11-25 ",
    "2027-01-01",
    "2026-07-27",
    "",
    "x",
    "2026-07-28x",
  );
  const methodHeaders = fc.constantFrom(undefined, "tools/call", "tools/list");
  const nameHeaders = fc.constantFrom(undefined, "get_business", "search_reviews");

  it("agrees with isLegacyRequest whenever it decides, and decides every plain call", async () => {
    await fc.assert(
      fc.asyncProperty(bodies, versions, methodHeaders, nameHeaders, async (body, version, method, name) => {
        const headers: Record<string, string> = { ...JSON_HEADERS };
        if (version !== undefined) headers["MCP-Protocol-Version"] = version;
        if (method !== undefined) headers["Mcp-Method"] = method;
        if (name !== undefined) headers["Mcp-Name"] = name;
        const request = new Request(MCP_URL, { method: "POST", headers, body: JSON.stringify(body) });
        const era = classifyPlainToolCall(request, body);
        const plain = readPlainToolCall(body, "legacy") !== null || readPlainToolCall(body, "modern") !== null;
        expect(era === null).toBe(!plain);
        if (era !== null) expect(era).toBe((await isLegacyRequest(request, body)) ? "legacy" : "modern");
      }),
      { numRuns: 400 },
    );
  });
});
