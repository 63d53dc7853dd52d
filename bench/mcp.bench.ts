/**
 * `node bench/mcp.bench.ts`: in-process cost of MCP `tools/call
 * search_reviews` (POST /mcp through handleMcpRequest: body read, JSON-RPC
 * checks, a fresh SDK server and transport, validation, the tool, the JSON
 * response) against the REST search handler
 * (handleSearchRequest) for the same query over the same index. Synthetic
 * reviews (bench/synthetic), 10,000 by default (BENCH_SIZES=1000,10000).
 * No HTTP, no network: the session store is in memory.
 *
 * Prints medians and p99 per query and the MCP/REST ratio of medians (the
 * variants are timed round-robin so machine noise hits them alike), a floor
 * (the search plus serializing the response, no SDK or HTTP), then a
 * breakdown of where the MCP time goes.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
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
const TARGET_RATIO = 1.5;

/** The same query both ways: a query string for REST, JSON arguments (numbers as numbers) for MCP. */
const QUERIES: ReadonlyArray<[string, string]> = [
  ["rating=5&limit=3 (interface.md §4.6)", "rating=5&limit=3"],
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
  const parsed = parseQueryString(new URLSearchParams(query), SearchParamsSchema);
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

function mcpCall(deps: McpDeps, args: Record<string, unknown>, session?: string): () => Promise<void> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_reviews", arguments: args } });
  const headers = session === undefined ? MCP_HEADERS : { ...MCP_HEADERS, "Mcp-Session-Id": session };
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

const row = (name: string, times: number[]) => `${name.padEnd(46)} median ${fmt(median(times)).padStart(7)} ms   p99 ${fmt(percentile(times, 99)).padStart(7)} ms`;

console.log(`MCP tools/call search_reviews vs REST GET /api/reviews/search, in process (${await describeMachine()})`);
console.log(`${ITERATIONS} timed calls after ${WARMUP} warm-up calls per row; target MCP/REST <= ${TARGET_RATIO}x\n`);

for (const size of SIZES) {
  const index = indexDataset(buildSyntheticDataset(size).dataset);
  const deps = createDeps(index);
  const init = await handleMcpRequest(
    new Request("https://reviews.example/mcp", {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } }),
    }),
    deps,
  );
  const session = init.headers.get("mcp-session-id")!;
  console.log(`== ${size.toLocaleString("en-US")} reviews ==`);
  const ratios: number[] = [];
  const floors: number[] = [];
  for (const [name, query] of QUERIES) {
    const args = toArguments(query);
    const [rest, mcp, withSession, floor] = (await sampleInterleaved([restCall(index, query), mcpCall(deps, args), mcpCall(deps, args, session), floorCall(index, args)])) as [
      number[],
      number[],
      number[],
      number[],
    ];
    const ratio = median(mcp) / median(rest);
    ratios.push(ratio);
    floors.push(median(floor) / median(rest));
    console.log(`-- ${name}`);
    console.log(row("  REST handleSearchRequest", rest));
    console.log(row("  MCP handleMcpRequest (stateless)", mcp));
    console.log(row("  MCP handleMcpRequest (with session)", withSession));
    console.log(row("  floor: search + JSON.stringify of the response", floor));
    console.log(
      `  ratio MCP/REST (medians): ${ratio.toFixed(2)}x stateless, ${(median(withSession) / median(rest)).toFixed(2)}x with session; floor/REST ${(median(floor) / median(rest)).toFixed(2)}x`,
    );
  }
  console.log(`\nratio over the ${QUERIES.length} queries: median ${median(ratios).toFixed(2)}x, worst ${Math.max(...ratios).toFixed(2)}x (target ${TARGET_RATIO}x)`);
  console.log(
    `floor/REST over the ${QUERIES.length} queries (no SDK, no HTTP: the search plus serializing the response's two copies): median ${median(floors).toFixed(2)}x, worst ${Math.max(...floors).toFixed(2)}x\n`,
  );

  // Where the MCP time goes, for the interface's example query.
  const args = toArguments("rating=5&limit=20");
  const params = SearchParamsSchema.parse(args);
  const found = findMatches(params, index);
  if (!found.ok) throw new Error("bench query failed");
  const structured = { reviews: found.value.positions.map((i) => index.reviews[i]!), count: found.value.positions.length, total: found.value.total, limit: found.value.limit };
  const text = serializeSearchMatch(found.value, index);
  const message = { jsonrpc: "2.0" as const, id: 1, method: "tools/call", params: { name: "search_reviews", arguments: args } };
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
    ["  search + REST body bytes (the tool's work)", () => serializeSearchMatch((findMatches(params, index) as { value: Parameters<typeof serializeSearchMatch>[0] }).value, index)],
    ["  JSON.stringify of the JSON-RPC response (both copies)", () => JSON.stringify(envelope)],
    [
      "  dispatchToSdk: all SDK work incl. the above",
      async () => drainBody(await dispatchToSdk(new Request("https://reviews.example/mcp", { method: "POST" }), message, deps)),
    ],
    ["  REST handleSearchRequest, same query", async () => drainBody(handleSearchRequest(new Request("https://reviews.example/api/reviews/search?rating=5"), index))],
  ];
  for (const [name, run] of parts) console.log(row(name, await sampleTimesAsync(async () => run(), ITERATIONS, WARMUP)));
  console.log(`  response bytes: MCP ${Buffer.byteLength(JSON.stringify(envelope)).toLocaleString("en-US")}, REST ${Buffer.byteLength(text).toLocaleString("en-US")}\n`);
}
