import { Client, InMemoryTransport, StreamableHTTPClientTransport, type CallToolResult } from "@modelcontextprotocol/client";
import { createMcpServer } from "../../../src/mcp/create-mcp-server.ts";
import { handleMcpRequest } from "../../../src/mcp/handler.ts";
import type { McpData, McpDeps } from "../../../src/mcp/mcp-deps.ts";
import type { McpSessionStore } from "../../../src/mcp/session/session-store.ts";
import { realIndex } from "../../support/search-fixture.ts";
import { loadSite, TEST_BASE_URL } from "../../support/site.ts";

export const MCP_URL = `${TEST_BASE_URL}/mcp`;
export const SECRET = "test-secret-0123456789-abcdefghijklmnop";
export const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

let data: McpData | undefined;

/** The real content, indexed as the function indexes it, with the built insights. */
export function realData(): McpData {
  if (!data) {
    const site = loadSite();
    data = { index: realIndex(), insights: site.insights, urls: site.urls };
  }
  return data;
}

/** An in-memory session store that records calls; the Blobs-backed one is tested in platform/. */
export function memorySessions(): McpSessionStore & { ended: Map<string, number> } {
  const ended = new Map<string, number>();
  return {
    ended,
    isEnded: async (id) => ended.has(id),
    end: async (id, expiresAt) => void ended.set(id, expiresAt),
  };
}

/** Deps over the real data, an in-memory store, a fixed secret and a settable clock. */
export function createDeps(overrides: Partial<McpDeps> = {}): McpDeps & { clock: { now: number } } {
  const clock = { now: T0 };
  return { ...realData(), sessions: memorySessions(), secret: async () => SECRET, now: () => clock.now, clock, ...overrides };
}

export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "vitest", version: "1.0.0" } },
} as const;

export const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

/** POSTs a body (serialized unless it is already a string) to the handler. */
export function post(deps: McpDeps, body: unknown, headers: Record<string, string> = JSON_HEADERS): Promise<Response> {
  return handleMcpRequest(new Request(MCP_URL, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }), deps);
}

export function rpc(id: number, method: string, params?: unknown): Record<string, unknown> {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

export interface RpcBody {
  jsonrpc: string;
  id: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

export async function readRpc(response: Response): Promise<RpcBody> {
  return (await response.json()) as RpcBody;
}

/** Initializes over the handler and returns the session id it issued. */
export async function openSession(deps: McpDeps, protocolVersion = "2025-06-18"): Promise<string> {
  const response = await post(deps, { ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion } });
  const id = response.headers.get("mcp-session-id");
  if (response.status !== 200 || id === null) throw new Error(`initialize failed: ${response.status} ${await response.text()}`);
  return id;
}

/** An SDK client connected in memory to a server over the real data (no HTTP): for the tools themselves. */
export async function connectClient(source: McpData = realData()): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(source);
  await server.connect(serverTransport);
  const client = new Client({ name: "vitest", version: "1.0.0" });
  await client.connect(clientTransport);
  return client;
}

/**
 * A v2 SDK client pinned to MCP 2026-07-28 (server/discover, no session),
 * talking HTTP semantics to the real endpoint handler in process: its fetch
 * hands each Request to handleMcpRequest.
 */
export async function connectModernClient(deps: McpDeps = createDeps()): Promise<Client> {
  const fetchInProcess = (input: string | URL | Request, init?: RequestInit) => handleMcpRequest(new Request(input, init), deps);
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: fetchInProcess });
  const client = new Client({ name: "vitest", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await client.connect(transport);
  return client;
}

/** The `_meta` envelope a 2026-07-28 request carries (basic/index §_meta). */
export const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "vitest", version: "1.0.0" },
} as const;

/** Headers a 2026-07-28 POST carries for `method` (and `name`, for tools/call and resources/read). */
export function modernHeaders(method: string, name?: string): Record<string, string> {
  const headers: Record<string, string> = { ...JSON_HEADERS, "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method };
  if (name !== undefined) headers["Mcp-Name"] = name;
  return headers;
}

/** A raw 2026-07-28 request: the envelope in `params._meta` and matching headers. */
export function postModern(deps: McpDeps, id: number, method: string, params: Record<string, unknown> = {}, name?: string): Promise<Response> {
  return post(deps, rpc(id, method, { ...params, _meta: MODERN_META }), modernHeaders(method, name));
}

/** Calls a tool and returns the result, with the parsed text copy. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  return { result, text, structured: result.structuredContent as Record<string, unknown> | undefined };
}
