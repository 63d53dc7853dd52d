/**
 * `npm run bench:load`: sustained load with autocannon against the local
 * server (loopback only, bounded in time) on the static datasets, search,
 * since and MCP tools/call. Reports throughput, latency percentiles, errors,
 * every non-2xx status, and the server's memory over time. Figures are
 * local-emulator costs (each function call runs in a fresh worker); read them
 * as ratios against the static file served by the same server.
 */
import autocannon from "autocannon";
import { acquireLock } from "../scripts/file-lock.ts";
import { startServerProcess } from "./support/server-process.ts";
import { describeMachine, fmt } from "./support/stats.ts";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 8);
const MCP_CALL = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_reviews", arguments: { rating: 5, limit: 3 } } });

/**
 * The emulation runs one function call at a time (scripts/local-server.ts), each ~0.5–1 s in a
 * fresh worker, so function targets get 2 connections: more would only queue past the timeout.
 */
const FUNCTION_CONNECTIONS = Number(process.env.LOAD_FUNCTION_CONNECTIONS ?? 2);

const TARGETS: ReadonlyArray<{ name: string; path: string; method?: string; body?: string; headers?: Record<string, string>; connections?: number }> = [
  { name: "static /reviews.json", path: "/reviews.json" },
  { name: "static /api/feed.json", path: "/api/feed.json" },
  { name: "search ?rating=5&limit=10", path: "/api/reviews/search?rating=5&limit=10", connections: FUNCTION_CONNECTIONS },
  { name: "since /2026-01-01", path: "/api/reviews/since/2026-01-01", connections: FUNCTION_CONNECTIONS },
  {
    connections: FUNCTION_CONNECTIONS,
    name: "MCP tools/call search_reviews",
    path: "/mcp",
    method: "POST",
    body: MCP_CALL,
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" },
  },
];

export interface LoadRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  errors: number;
  statuses: Record<string, number>;
}

export async function runLoad(): Promise<{ rows: LoadRow[]; memory: number[]; machine: string }> {
  const release = await acquireLock("dist");
  const server = await startServerProcess().catch((error: unknown) => {
    release();
    throw error;
  });
  const memory: number[] = [server.rssMiB()];
  const sampler = setInterval(() => memory.push(server.rssMiB()), 1000);
  const rows: LoadRow[] = [];
  try {
    for (const target of TARGETS) {
      const result = await autocannon({
        url: server.url + target.path,
        connections: target.connections ?? CONNECTIONS,
        duration: SECONDS,
        timeout: 30,
        method: target.method ?? "GET",
        ...(target.body === undefined ? {} : { body: target.body }),
        ...(target.headers === undefined ? {} : { headers: target.headers }),
      });
      rows.push({
        name: target.name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        total: result.requests.total,
        errors: result.errors + result.timeouts,
        statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count])),
      });
    }
  } finally {
    clearInterval(sampler);
    memory.push(server.rssMiB());
    await server.stop();
    release();
  }
  return { rows, memory, machine: await describeMachine() };
}

export function formatLoad({ rows, memory, machine }: Awaited<ReturnType<typeof runLoad>>): string {
  const baseline = rows[0]!.rps;
  const lines = [
    `Machine: ${machine}. ${CONNECTIONS} connections for static files and ${FUNCTION_CONNECTIONS} for functions, ${SECONDS} s per target, 30 s request timeout, local emulator.`,
    "",
    "| target | req/s | vs static | p50 ms | p99 ms | max ms | requests | errors + timeouts | statuses |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / baseline).toFixed(3)}× | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.total} | ${r.errors} | ${Object.entries(r.statuses).map(([c, n]) => `${c}: ${n}`).join(", ")} |`,
    ),
    "",
    `Server RSS over time (MiB, one sample a second): start ${memory[0]!.toFixed(0)}, max ${Math.max(...memory).toFixed(0)}, end ${memory.at(-1)!.toFixed(0)}; samples ${memory.map((m) => m.toFixed(0)).join(" ")}`,
  ];
  return lines.join("\n");
}

if (import.meta.main) {
  const result = await runLoad();
  console.log(formatLoad(result));
  const bad = result.rows.filter((r) => r.errors > 0 || Object.keys(r.statuses).some((code) => code.startsWith("5")));
  if (bad.length > 0) {
    console.error(`FAILED: errors or 5xx under load on ${bad.map((r) => r.name).join(", ")}`);
    process.exitCode = 1;
  }
}
