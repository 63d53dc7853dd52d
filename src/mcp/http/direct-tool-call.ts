/**
 * Answers a plain `tools/call` directly, byte for byte what the SDK would send, skipping the SDK's
 * fixed per-request work (it serves the MCP/floor target, bench/RESULTS.md). Only requests whose
 * shape the SDK accepts with no further decision qualify; anything else returns null and goes
 * through the SDK. The result comes from the SDK handler's own callTool, serialized as the era's
 * codec would. test/mcp/direct-tool-call.test.ts compares both paths for every tool and era.
 */
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from "@modelcontextprotocol/server";
import { joinBytes } from "../../lib/bytes.ts";
import { reviewListParts } from "../../lib/search/review-list-body.ts";
import { callTool, findTool, serverIdentity } from "../create-mcp-server.ts";
import type { McpData } from "../mcp-deps.ts";
import { MODERN_PROTOCOL_VERSIONS } from "../protocol-versions.ts";
import { reviewListOf } from "../tool-result.ts";
import { MCP_RESPONSE_HEADERS } from "./jsonrpc-error.ts";

export type Era = "modern" | "legacy";

export interface PlainToolCall {
  id: string | number;
  name: string;
  args: Record<string, unknown> | undefined;
}

const [MODERN_PROTOCOL_VERSION] = MODERN_PROTOCOL_VERSIONS;

const RESPONSE_HEADERS: Readonly<Record<string, string>> = { "content-type": "application/json", ...MCP_RESPONSE_HEADERS };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function hasOnlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key in value) if (!allowed.includes(key)) return false;
  return true;
}

/** `_meta` of the plainest 2026-07-28 request: the version, no client capabilities, and optionally a name-and-version clientInfo. */
function isPlainModernMeta(meta: unknown): boolean {
  if (!isPlainObject(meta) || !hasOnlyKeys(meta, [PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY])) return false;
  if (meta[PROTOCOL_VERSION_META_KEY] !== MODERN_PROTOCOL_VERSION) return false;
  const capabilities = meta[CLIENT_CAPABILITIES_META_KEY];
  if (!isPlainObject(capabilities) || Object.keys(capabilities).length > 0) return false;
  const info = meta[CLIENT_INFO_META_KEY];
  if (info === undefined) return true;
  return isPlainObject(info) && Object.keys(info).length === 2 && typeof info.name === "string" && typeof info.version === "string";
}

/**
 * The call when `raw` is a plain JSON-RPC `tools/call` of a known tool (with
 * the era's `_meta`), else null. Such a body always passes the SDK's
 * JSONRPCMessage and CallToolRequest schemas (test/mcp/direct-tool-call.test.ts),
 * so the 2025 era need not run them again.
 */
export function readPlainToolCall(raw: unknown, era: Era): PlainToolCall | null {
  if (!isPlainObject(raw) || !hasOnlyKeys(raw, ["jsonrpc", "id", "method", "params"])) return null;
  const { id, params } = raw;
  if (raw.jsonrpc !== "2.0" || raw.method !== "tools/call") return null;
  if (!(typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)))) return null;
  if (!isPlainObject(params) || !hasOnlyKeys(params, era === "modern" ? ["name", "arguments", "_meta"] : ["name", "arguments"])) return null;
  const { name, arguments: args } = params;
  if (typeof name !== "string" || findTool(name) === undefined) return null;
  if (args !== undefined && !isPlainObject(args)) return null;
  if (era === "modern" && !isPlainModernMeta(params._meta)) return null;
  return { id, name, args };
}

/** The SDK's rule for a revision of the modern era: the `MCP-Protocol-Version` header, without HTTP whitespace, at or after 2026-07-28. */
function namesModernRevision(header: string | null): boolean {
  return header !== null && header.replace(/^[\t ]+|[\t ]+$/g, "") >= MODERN_PROTOCOL_VERSION;
}

/**
 * The era of a plain `tools/call` (see readPlainToolCall) without running the SDK's zod-heavy
 * classifier (isLegacyRequest). For these bodies its answer rests on two facts: the 2026-07-28
 * `_meta` makes a call modern; no `_meta` makes it legacy unless `MCP-Protocol-Version` names a
 * modern revision. Null for any other body: ask the SDK. test/mcp/direct-tool-call.test.ts checks
 * that both agree.
 */
export function classifyPlainToolCall(request: Request, raw: unknown): Era | null {
  if (readPlainToolCall(raw, "modern") !== null) return "modern";
  if (readPlainToolCall(raw, "legacy") === null) return null;
  return namesModernRevision(request.headers.get("mcp-protocol-version")) ? "modern" : "legacy";
}

/** The protocol headers of a 2026-07-28 call, spelled as the SDK's client sends them (transports §Standard Headers). */
function hasCanonicalModernHeaders(request: Request, name: string): boolean {
  const { headers } = request;
  const accept = headers.get("accept") ?? "";
  return (
    accept.includes("application/json") &&
    accept.includes("text/event-stream") &&
    headers.get("mcp-protocol-version") === MODERN_PROTOCOL_VERSION &&
    headers.get("mcp-method") === "tools/call" &&
    headers.get("mcp-name") === name
  );
}

/** What the era's codec appends to a tools/call result (2026-07-28: resultType and the server's identity). */
const suffixes = new WeakMap<McpData["index"], string>();
function modernSuffix(data: McpData): string {
  let suffix = suffixes.get(data.index);
  if (suffix === undefined) {
    suffix = `,"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":${JSON.stringify(serverIdentity(data))}}`;
    suffixes.set(data.index, suffix);
  }
  return suffix;
}

function serializeResponse(call: PlainToolCall, era: Era, data: McpData): string | Uint8Array<ArrayBuffer> {
  const result = callTool(findTool(call.name)!, call.args, data);
  const suffix = era === "modern" ? modernSuffix(data) : "";
  const tail = `,"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`;
  // A review list (search, since): both copies straight from the index's bytes, escaped for the text copy.
  const list = reviewListOf(result);
  if (list !== null) {
    return joinBytes([
      `{"result":{"content":[{"type":"text","text":"`,
      ...reviewListParts(list.body, list.index, "json-string"),
      `"}],"structuredContent":`,
      ...reviewListParts(list.body, list.index, "json"),
      `${suffix}}${tail}`,
    ]);
  }
  const keys = Object.keys(result);
  const [first] = result.content;
  // A success is {content: [text], structuredContent}, whose text is the JSON of structuredContent (tool-result.ts): write those bytes once more instead of serializing the objects.
  if (keys.length === 2 && keys[0] === "content" && keys[1] === "structuredContent" && result.content.length === 1 && first?.type === "text") {
    return `{"result":{"content":${JSON.stringify(result.content)},"structuredContent":${first.text}${suffix}}${tail}`;
  }
  const json = JSON.stringify(result);
  return `{"result":${json.slice(0, -1)}${suffix}}${tail}`;
}

/** The answer to a plain `tools/call` whose request has passed the era's checks (for 2025: Accept, session, protocol version). */
export function answerPlainToolCall(call: PlainToolCall, era: Era, data: McpData): Response {
  return new Response(serializeResponse(call, era, data), { status: 200, headers: RESPONSE_HEADERS });
}

/**
 * The answer to a plain 2026-07-28 `tools/call` (see above) with the
 * canonical protocol headers, or null when the SDK must answer it.
 */
export function answerModernToolCallDirectly(request: Request, raw: unknown, data: McpData): Response | null {
  const call = readPlainToolCall(raw, "modern");
  if (call === null || !hasCanonicalModernHeaders(request, call.name)) return null;
  return answerPlainToolCall(call, "modern", data);
}
