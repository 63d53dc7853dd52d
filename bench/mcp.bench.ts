/**
 * `node bench/mcp.bench.ts`: in-process cost of MCP `tools/call
 * search_reviews` through handleMcpRequest in both protocol eras:
 * 2026-07-28 (the SDK's createMcpHandler: `_meta` envelope and protocol
 * headers checked, per-request server) and 2025-06-18 (our signed session
 * checked, then the SDK's stateless transport), against a floor (the
 * tool's search plus one serialization of the response, no SDK, no HTTP)
 * and the REST search handler (handleSearchRequest) for the same query
 * over the same index. Synthetic reviews (bench/synthetic), 10,000 by
 * default (BENCH_SIZES=1000,10000). No HTTP, no network: the session store
 * is in memory.
 *
 * Prints medians and p99 per query and the MCP/floor ratio of medians per
 * era (the variants are timed round-robin so machine noise hits them
 * alike); the target is MCP/floor <= 1.3x in both eras at the median of the
 * six queries. A breakdown of the SDK's share follows. A plain call (the
 * bench's) is answered by src/mcp/http/direct-tool-call.ts after the era's
 * checks, with the SDK's exact bytes; the breakdown's SDK rows time the
 * full SDK path that every other request takes.
 */
import { createMcpHandler, WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import { handleSearchRequest } from "../src/lib/api/search-endpoint.ts";
import { createSiteUrls } from "../src/lib/dataset/site-urls.ts";
import type { Insights } from "../src/lib/schema/insights.ts";
import { indexDataset, type DatasetIndex } from "../src/lib/search/dataset-index.ts";
import { parseQueryString } from "../src/lib/search/parse-query-string.ts";
import { SearchParamsSchema } from "../src/lib/search/search-params.ts";
import { findMatches, serializeSearchMatch } from "../src/lib/search/search-reviews.ts";
import { createMcpServer } from "../src/mcp/create-mcp-server.ts";
import { handleMcpRequest } from "../src/mcp/handler.ts";
import { dispatchToSdk } from "../src/mcp/http/dispatch.ts";
import type { McpDeps } from "../src/mcp/mcp-deps.ts";
import { describeMachine, drainBody, fmt, median, percentile, sampleTimesAsync } from "./support/stats.ts";
import { buildSyntheticDataset } from "./support/synthetic-dataset.ts";

const SIZES = (process.env.BENCH_SIZES ?? "10000").split(",").map(Number);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
const WARMUP = 300;
const TARGET_RATIO = 1.3;

/** The same query both ways: a query string for REST, JSON arguments (numbers as numbers) for MCP. */
const QUERIES: ReadonlyArray<[string, string]> = [
  ["rating=5&limit=3 (docs/interface.md §4.6)", "rating=5&limit=3"],
  ["rating=5 (limit 20)", "rating=5"],
  ["technician + service", "mentions_technician=Dana&mentions_service=chimney-sweep"],
  ["text query, limit 10", "query=creosote&limit=10"],
  ["aspect + sentiment", "aspect=price_value&sentiment=negative"],
  ["everything matches, limit 100", "min_rating=1&limit=100"],
];

const EMPTY_INSIGHTS: Insights = {
  aspects: [],
  entities: { technicians: [], services: [], service_areas: [] },
  topics: [],
  faq: [],
  summary: { headline: null, text: null, highlights: { review_count: 0 } },
};

/** Times several calls round-robin, so machine noise (other processes, GC) hits each of them alike. */
async function sampleInterleaved(runs: readonly (() => Promise<unknown>)[], iterations = ITERATIONS): Promise<number[][]> {
  for (let i = 0; i < WARMUP; i += 1) for (const run of runs) await run();
  const times = runs.map((): number[] => []);
  for (let i = 0; i < iterations; i += 1) {
    for (const [k, run] of runs.entries()) {
      const start = performance.now();
      await run();
      times[k]!.push(performance.now() - start);
    }
  }
  return times;
}

function toArguments(query: string): Record<string, unknown> {
  const parsed = parseQueryString(query, SearchParamsSchema);
  if (!parsed.ok) throw new Error(`bad bench query ${query}`);
  return Object.fromEntries(Object.entries(parsed.value).filter(([key]) => new URLSearchParams(query).has(key)));
}

function createDeps(index: DatasetIndex): McpDeps {
  const ended = new Set<string>();
  return {
    index,
    insights: EMPTY_INSIGHTS,
    urls: createSiteUrls("https://reviews.example"),
    sessions: { isEnded: async (id) => ended.has(id), end: async (id) => void ended.add(id) },
    secret: async () => "bench-secret-bench-secret-bench-secret",
    now: Date.now,
  };
}

const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" };
const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
};
const MODERN_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  "MCP-Protocol-Version": "2026-07-28",
  "Mcp-Method": "tools/call",
  "Mcp-Name": "search_reviews",
};

/** `tools/call search_reviews` in the 2025 era (with a session id) or, without one, in the 2026-07-28 era. */
function mcpCall(deps: McpDeps, args: Record<string, unknown>, session?: string): () => Promise<void> {
  const body =
    session === undefined
      ? JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_reviews", arguments: args, _meta: MODERN_META } })
      : JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_reviews", arguments: args } });
  const headers = session === undefined ? MODERN_HEADERS : { ...MCP_HEADERS, "Mcp-Session-Id": session };
  return async () => {
    const response = await handleMcpRequest(new Request("https://reviews.example/mcp", { method: "POST", headers, body }), deps);
    if (response.status !== 200) throw new Error(`MCP answered ${response.status}`);
    await drainBody(response);
  };
}

function restCall(index: DatasetIndex, query: string): () => Promise<void> {
  const url = `https://reviews.example/api/reviews/search?${query}`;
  return async () => {
    const response = handleSearchRequest(new Request(url), index);
    if (response.status !== 200) throw new Error(`REST answered ${response.status}`);
    await drainBody(response);
  };
}

/**
 * A lower bound for any MCP answer over the SDK's transport: the tool's own
 * work (search, REST body bytes for the text copy) plus the JSON.stringify
 * the transport runs over the JSON-RPC response, which carries the result
 * twice (structuredContent and its JSON text, tools §Structured Content).
 * No SDK, no HTTP, no validation.
 */
function floorCall(index: DatasetIndex, args: Record<string, unknown>): () => Promise<void> {
  const params = SearchParamsSchema.parse(args);
  return async () => {
    const found = findMatches(params, index);
    if (!found.ok) throw new Error("bench query failed");
    const { positions, total, limit } = found.value;
    const structuredContent = { reviews: positions.map((i) => index.reviews[i]!), count: positions.length, total, limit };
    const text = serializeSearchMatch(found.value, index);
    Buffer.from(JSON.stringify({ result: { content: [{ type: "text", text }], structuredContent }, jsonrpc: "2.0", id: 1 }));
  };
}

const row = (name: string, times: number[]) =>
  `${name.padEnd(46)} median ${fmt(median(times)).padStart(7)} ms   p99 ${fmt(percentile(times, 99)).padStart(7)} ms`;

console.log(`MCP tools/call search_reviews (2026-07-28 and 2025-06-18) vs its floor and REST GET /api/reviews/search, in process (${await describeMachine()})`);
console.log(`${ITERATIONS} timed calls after ${WARMUP} warm-up calls per row; target MCP/floor <= ${TARGET_RATIO}x in both eras (median of the queries)\n`);

for (const size of SIZES) {
  const index = indexDataset(buildSyntheticDataset(size).dataset);
  const deps = createDeps(index);
  const init = await handleMcpRequest(
    new Request("https://reviews.example/mcp", {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } },
      }),
    }),
    deps,
  );
  const session = init.headers.get("mcp-session-id")!;
  console.log(`== ${size.toLocaleString("en-US")} reviews ==`);
  const modernRatios: number[] = [];
  const legacyRatios: number[] = [];
  const restRatios: number[] = [];
  for (const [name, query] of QUERIES) {
    const args = toArguments(query);
    const [rest, modern, legacy, floor] = (await sampleInterleaved([
      restCall(index, query),
      mcpCall(deps, args),
      mcpCall(deps, args, session),
      floorCall(index, args),
    ])) as [number[], number[], number[], number[]];
    modernRatios.push(median(modern) / median(floor));
    legacyRatios.push(median(legacy) / median(floor));
    restRatios.push(median(rest) / median(floor));
    console.log(`-- ${name}`);
    console.log(row("  floor: search + JSON.stringify of the response", floor));
    console.log(row("  MCP 2026-07-28 (handleMcpRequest)", modern));
    console.log(row("  MCP 2025-06-18 (with session)", legacy));
    console.log(row("  REST handleSearchRequest", rest));
    console.log(
      `  ratio to floor (medians): MCP 2026-07-28 ${modernRatios.at(-1)!.toFixed(2)}x, MCP 2025-06-18 ${legacyRatios.at(-1)!.toFixed(2)}x, REST ${restRatios.at(-1)!.toFixed(2)}x`,
    );
  }
  const summary = (label: string, ratios: number[]) => `  ${label.padEnd(16)} median ${median(ratios).toFixed(2)}x, worst ${Math.max(...ratios).toFixed(2)}x`;
  console.log(`\nratio to the floor over the ${QUERIES.length} queries (target ${TARGET_RATIO}x for MCP):`);
  console.log(summary("MCP 2026-07-28", modernRatios));
  console.log(summary("MCP 2025-06-18", legacyRatios));
  console.log(summary("REST", restRatios));
  const pass = median(modernRatios) <= TARGET_RATIO && median(legacyRatios) <= TARGET_RATIO;
  console.log(`target ${pass ? "MET" : "MISSED"}\n`);

  // Where the MCP time goes, for the interface's example query.
  const args = toArguments("rating=5&limit=20");
  const params = SearchParamsSchema.parse(args);
  const found = findMatches(params, index);
  if (!found.ok) throw new Error("bench query failed");
  const structured = {
    reviews: found.value.positions.map((i) => index.reviews[i]!),
    count: found.value.positions.length,
    total: found.value.total,
    limit: found.value.limit,
  };
  const text = serializeSearchMatch(found.value, index);
  const message = { jsonrpc: "2.0" as const, id: 1, method: "tools/call", params: { name: "search_reviews", arguments: args } };
  const modernHandler = createMcpHandler(() => createMcpServer(deps), { legacy: "reject" });
  const modernBody = { ...message, params: { ...message.params, _meta: MODERN_META } };
  const envelope = { result: { content: [{ type: "text", text }], structuredContent: structured }, jsonrpc: "2.0", id: 1 };
  console.log("breakdown for rating=5 (limit 20):");
  const parts: [string, () => unknown][] = [
    ["  createMcpServer (SDK Server, 8 tools, 3 resources)", () => createMcpServer(deps)],
    [
      "  + fresh transport and connect",
      async () => {
        const server = createMcpServer(deps);
        await server.connect(new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true }));
      },
    ],
    ["  input validation (SearchParamsSchema)", () => SearchParamsSchema.safeParse(args)],
    [
      "  search + REST body bytes (the tool's work)",
      () => serializeSearchMatch((findMatches(params, index) as { value: Parameters<typeof serializeSearchMatch>[0] }).value, index),
    ],
    ["  JSON.stringify of the JSON-RPC response (both copies)", () => JSON.stringify(envelope)],
    [
      "  2025: dispatchToSdk, all SDK work incl. the above",
      async () => drainBody(await dispatchToSdk(new Request("https://reviews.example/mcp", { method: "POST" }), message, deps)),
    ],
    [
      "  2026-07-28: createMcpHandler().fetch, all SDK work",
      async () =>
        drainBody(
          await modernHandler.fetch(new Request("https://reviews.example/mcp", { method: "POST", headers: MODERN_HEADERS }), { parsedBody: modernBody }),
        ),
    ],
    [
      "  REST handleSearchRequest, same query",
      async () => drainBody(handleSearchRequest(new Request("https://reviews.example/api/reviews/search?rating=5"), index)),
    ],
  ];
  for (const [name, run] of parts) console.log(row(name, await sampleTimesAsync(async () => run(), ITERATIONS, WARMUP)));
  console.log(
    `  response bytes: MCP ${Buffer.byteLength(JSON.stringify(envelope)).toLocaleString("en-US")}, REST ${Buffer.byteLength(text).toLocaleString("en-US")}\n`,
  );
}
