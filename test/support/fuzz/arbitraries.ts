import fc from "fast-check";
import { TOOL_NAMES } from "../../../src/mcp/create-mcp-server.ts";

const BASE = "https://reviews.example";

const token = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_.") });
const anyText = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30, unit: "grapheme" }), fc.string({ maxLength: 20, unit: "binary" }));
const headerValue = fc.oneof(
  fc.string({ maxLength: 60, unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~") }),
  fc.constantFrom(
    "*",
    '"abc"',
    'W/"abc"',
    '"a", W/"b", *',
    "W/",
    '"',
    "Mon, 09 Nov 2026 00:00:00 GMT",
    "Monday, 09-Nov-26 00:00:00 GMT",
    "2026-11-09",
    "0",
    "-1",
    "Bearer x",
    "application/json",
    "text/event-stream",
    "2025-06-18",
    "1999-01-01",
    "",
  ),
);

/** Conditional, auth, content-negotiation and MCP headers with hostile values. */
export const hostileHeaders = fc.dictionary(
  fc.constantFrom(
    "If-None-Match",
    "If-Modified-Since",
    "Authorization",
    "Accept",
    "Content-Type",
    "Origin",
    "Mcp-Session-Id",
    "MCP-Protocol-Version",
    "Content-Length",
    "X-Anything",
  ),
  headerValue,
  { maxKeys: 5 },
);

export const method = fc.oneof(
  { arbitrary: fc.constant("GET"), weight: 7 },
  { arbitrary: fc.constantFrom("HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"), weight: 3 },
);

/** Mostly the valid value, sometimes a hostile one, so the fuzz reaches past the first check. */
const mostly = (valid: string) => fc.oneof({ arbitrary: fc.constant(valid), weight: 4 }, { arbitrary: headerValue, weight: 1 });

const searchValue = fc.oneof(
  fc.integer({ min: -5, max: 200 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? "Invalid" : d.toISOString().slice(0, 10))),
  fc.constantFrom(
    "creosote",
    "Dana",
    "chris",
    "Chris Yoder",
    "dryer-vent-cleaning",
    "punctuality",
    "mixed",
    "2024-02-30",
    "",
    "%",
    "%zz",
    "%00",
    "[]",
    "1e309",
    "0x10",
  ),
  anyText,
);
const searchKey = fc.oneof(
  fc.constantFrom("rating", "min_rating", "since", "until", "query", "mentions_technician", "mentions_service", "limit", "offset", "aspect", "sentiment"),
  token,
);

/** A request that can be built afresh for every attempt: fast-check replays values while shrinking, and a body reads once. */
export type RequestFactory = () => Request;

function request(url: string, init: { method: string; headers: Record<string, string>; body?: string | undefined }): RequestFactory | null {
  const hasBody = init.body !== undefined && init.method !== "GET" && init.method !== "HEAD";
  const build = () => new Request(url, { method: init.method, headers: init.headers, ...(hasBody ? { body: init.body } : {}) });
  try {
    build();
    return build;
  } catch {
    return null; // not a request any client could send (e.g. a control character in a header)
  }
}

export const searchRequest = fc
  .record({ pairs: fc.array(fc.tuple(searchKey, searchValue), { maxLength: 6 }), raw: fc.boolean(), method, headers: hostileHeaders })
  .map(({ pairs, raw, method, headers }) => {
    const query = raw ? pairs.map(([k, v]) => `${k}=${v}`).join("&") : new URLSearchParams(pairs).toString();
    return request(`${BASE}/api/reviews/search?${query}`, { method, headers });
  });

export const sinceRequest = fc
  .record({
    date: fc.oneof(
      searchValue,
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    ),
    query: fc.option(fc.tuple(token, searchValue)),
    method,
    headers: hostileHeaders,
  })
  .map(({ date, query, method, headers }) =>
    request(`${BASE}/api/reviews/since/${encodeURIComponent(date)}${query ? `?${new URLSearchParams([query]).toString()}` : ""}`, { method, headers }),
  );

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const rpcMethod = fc.constantFrom(
  "initialize",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "ping",
  "prompts/list",
  "notifications/initialized",
  "completion/complete",
  "logging/setLevel",
  "nope",
);
const toolName = fc.constantFrom(...TOOL_NAMES, "nope");
const toolArguments = fc.oneof(
  fc.dictionary(searchKey, fc.oneof(jsonValue, searchValue, fc.integer({ min: -3, max: 200 })), { maxKeys: 4 }),
  fc.record({ section: fc.constantFrom("aspects", "entities", "topics", "faq", "summary", "nope") }),
  fc.record({ id: fc.oneof(token, anyText) }),
  fc.record({ date: searchValue }),
  fc.record({ topic: fc.oneof(token, anyText), service: token }),
  jsonValue,
);
const rpcMessage = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant("2.0"), jsonValue),
    id: fc.oneof(fc.integer(), token, fc.constant(null), jsonValue),
    method: fc.oneof(rpcMethod, anyText),
    params: fc.oneof(
      fc.record({ name: toolName, arguments: toolArguments }),
      fc.record({
        protocolVersion: fc.constantFrom("2025-06-18", "2025-03-26", "2024-11-05", "1999-01-01", ""),
        capabilities: fc.constant({}),
        clientInfo: fc.constant({ name: "fuzz", version: "1" }),
      }),
      fc.record({ uri: fc.oneof(fc.constantFrom(`${BASE}/reviews.json`, `${BASE}/insights.json`, `${BASE}/api/feed.json`), anyText) }),
      jsonValue,
    ),
  },
  { requiredKeys: [] },
);
const mcpBody = fc.oneof(
  rpcMessage.map((m) => JSON.stringify(m)),
  fc.array(rpcMessage, { maxLength: 3 }).map((m) => JSON.stringify(m)),
  jsonValue.map((v) => JSON.stringify(v)),
  anyText,
  fc.constantFrom("", "{", "[", "null", '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_reviews","arguments":{"rating":5,"limit":3}}}'),
);
const mcpHeaders = fc.record(
  {
    "Content-Type": mostly("application/json"),
    Accept: mostly("application/json, text/event-stream"),
    "MCP-Protocol-Version": mostly("2025-06-18"),
    "Mcp-Session-Id": headerValue,
    Origin: headerValue,
    Authorization: headerValue,
  },
  { requiredKeys: [] },
);

export const mcpRequest = fc
  .record({ method: fc.oneof({ arbitrary: fc.constant("POST"), weight: 8 }, { arbitrary: method, weight: 2 }), headers: mcpHeaders, body: mcpBody })
  .map(({ method, headers, body }) => request(`${BASE}/mcp`, { method, headers, body }));

/**
 * MCP 2026-07-28: requests carrying the per-request `_meta` envelope, mostly
 * well formed so the fuzz reaches the tools, with hostile variants: wrong
 * `_meta` types, missing keys, unknown revisions, protocol headers that
 * disagree with the body, batches, deep nesting and oversized bodies.
 */
const modernMeta = fc.oneof(
  { arbitrary: fc.constant({ "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} }), weight: 6 },
  {
    arbitrary: fc.record(
      {
        "io.modelcontextprotocol/protocolVersion": fc.oneof(fc.constantFrom("2026-07-28", "2025-06-18", "2027-01-01", "", "2026-07-28 "), jsonValue),
        "io.modelcontextprotocol/clientCapabilities": fc.oneof(fc.constant({}), jsonValue),
        "io.modelcontextprotocol/clientInfo": fc.oneof(fc.constant({ name: "fuzz", version: "1" }), jsonValue),
        "io.modelcontextprotocol/logLevel": fc.oneof(fc.constantFrom("debug", "nope"), jsonValue),
      },
      { requiredKeys: [] },
    ),
    weight: 3,
  },
  { arbitrary: jsonValue, weight: 1 },
);
const modernMethod = fc.constantFrom(
  "server/discover",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "initialize",
  "ping",
  "subscriptions/listen",
  "nope",
);
const modernMessage = fc
  .record({
    id: fc.oneof(fc.integer(), token, fc.constant(null)),
    method: modernMethod,
    params: fc.oneof(
      fc.record({ name: toolName, arguments: toolArguments }),
      fc.record({ uri: fc.oneof(fc.constantFrom(`${BASE}/reviews.json`, `${BASE}/insights.json`, `${BASE}/api/feed.json`), anyText) }),
      fc.constant({}),
      fc.dictionary(token, jsonValue, { maxKeys: 2 }),
    ),
    meta: modernMeta,
  })
  .map(({ id, method, params, meta }) => ({ jsonrpc: "2.0", id, method, params: { ...params, _meta: meta } }));
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const modernBody = fc.oneof(
  {
    arbitrary: modernMessage.map((m) => ({ body: JSON.stringify(m), message: m as { method: string; params: { name?: unknown; uri?: unknown } } | null })),
    weight: 8,
  },
  {
    arbitrary: fc
      .array(modernMessage, { minLength: 1, maxLength: 3 })
      .map((m) => ({ body: JSON.stringify(m), message: m[0]! as { method: string; params: { name?: unknown; uri?: unknown } } | null })),
    weight: 1,
  },
  {
    arbitrary: fc
      .constantFrom(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_reviews","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"arguments":${deepJson(3000)}}}`,
        `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":${deepJson(3000)}}}`,
        `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}},"pad":"${"x".repeat(2_000_000)}"}}`,
      )
      .map((body) => ({ body, message: null })),
    weight: 1,
  },
);

export const mcpModernRequest = fc
  .record({
    method: fc.oneof({ arbitrary: fc.constant("POST"), weight: 9 }, { arbitrary: method, weight: 1 }),
    body: modernBody,
    headerVersion: fc.oneof(
      { arbitrary: fc.constant("2026-07-28"), weight: 6 },
      { arbitrary: headerValue, weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    ),
    headerMethod: fc.oneof(
      { arbitrary: fc.constant<string | undefined>(undefined), weight: 6 },
      { arbitrary: fc.option(fc.oneof(modernMethod, headerValue)), weight: 1 },
    ),
    headerName: fc.oneof(
      { arbitrary: fc.constant<string | undefined>(undefined), weight: 6 },
      { arbitrary: fc.option(fc.oneof(toolName, headerValue)), weight: 1 },
    ),
    extra: hostileHeaders,
  })
  .map(({ method, body, headerVersion, headerMethod, headerName, extra }) => {
    const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...extra };
    if (headerVersion !== undefined) headers["MCP-Protocol-Version"] = headerVersion;
    // By default the headers agree with the body, as the spec requires; a drawn value overrides that.
    const name = body.message?.params.name ?? body.message?.params.uri;
    const method_ = headerMethod === undefined ? body.message?.method : headerMethod;
    if (typeof method_ === "string") headers["Mcp-Method"] = method_;
    const name_ = headerName === undefined ? name : headerName;
    if (typeof name_ === "string") headers["Mcp-Name"] = name_;
    return request(`${BASE}/mcp`, { method, headers, body: body.body });
  });

const hubKey = fc.oneof(fc.constantFrom("hub.callback", "hub.mode", "hub.topic", "hub.url", "hub.lease_seconds", "hub.secret", "hub.extra"), token);
const hubValue = fc.oneof(
  fc.constantFrom("subscribe", "unsubscribe", "publish", "denied", `${BASE}/feed.xml`, `${BASE}/api/feed.json`, `${BASE}/reviews.json`, `${BASE}/nope`),
  fc.constantFrom(
    "https://127.0.0.1/cb",
    "https://localhost/cb",
    "https://[::1]/cb",
    "https://2130706433/cb",
    "https://0x7f.1/cb",
    "https://10.0.0.1/cb",
    "https://169.254.169.254/latest",
    "http://subscriber.example/cb",
    "https://subscriber.example/cb?x=1",
    "javascript:alert(1)",
    "https://user:pw@subscriber.example/",
  ),
  fc.integer({ min: -10, max: 10 ** 10 }).map(String),
  fc.string({ maxLength: 250 }),
  anyText,
);
export const hubRequest = fc
  .record({
    pairs: fc.array(fc.tuple(hubKey, hubValue), { maxLength: 7 }),
    method: fc.oneof({ arbitrary: fc.constant("POST"), weight: 8 }, { arbitrary: method, weight: 2 }),
    contentType: fc.oneof(mostly("application/x-www-form-urlencoded"), fc.constant("application/x-www-form-urlencoded; charset=utf-8")),
    headers: hostileHeaders,
    raw: fc.boolean(),
  })
  .map(({ pairs, method, contentType, headers, raw }) =>
    request(`${BASE}/api/websub/hub`, {
      method,
      headers: { ...headers, "Content-Type": contentType },
      body: raw ? pairs.map(([k, v]) => `${k}=${v}`).join("&") : new URLSearchParams(pairs).toString(),
    }),
  );
