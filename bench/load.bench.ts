/**
 * `npm run bench:load`: sustained load with autocannon (loopback only,
 * bounded in time) on the production server (`npm start`), Netlify's
 * emulation (`npm run serve:netlify`) and a floor: a bare node:http server
 * answering the same responses as pre-computed bytes from memory
 * (support/floor-server.ts). Each target's req/s is reported as a ratio to
 * the floor's, the two measured alternately (LOAD_ROUNDS rounds, median
 * ratio), each after a warm-up that is not counted. Then: a hub
 * subscribe's latency while 50 verifications wait on 5-second callbacks;
 * the production server at 10k reviews (start-up time, and RSS over 60 s
 * of sustained load); start-up time with content/.
 * Targets are in issues 12 and 26 (bench/RESULTS.md); they are checked here, not in tests.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createSiteUrls } from "../src/lib/dataset/site-urls.ts";
import { acquireLock } from "../scripts/file-lock.ts";
import { findFreePort } from "../test/support/free-port.ts";
import { startHttpsSubscriber } from "../test/support/https-subscriber.ts";
import { runScript } from "../test/support/run-node.ts";
import { createTestTls, writeTestTls } from "../test/support/test-ca.ts";
import { floorKey } from "./support/floor-key.ts";
import { startServerProcess, type ServerProcess } from "../test/support/server-process.ts";
import { describeMachine, fmt, median, percentile } from "./support/stats.ts";
import { writeSyntheticContentDir } from "./synthetic/generate.ts";

const ROOT = join(import.meta.dirname, "..");
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
/** Floor and production runs of each target, alternated (the median ratio is reported). */
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
/** Load before each measured run, not counted, on every server alike: the first second of a code path is spent compiling it. */
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
/** The emulation runs one function call at a time, each ~0.5-4 s in a fresh worker: more connections would only queue past the timeout. */
const EMULATION_FUNCTION_CONNECTIONS = Number(process.env.LOAD_EMULATION_FUNCTION_CONNECTIONS ?? 2);
const SUSTAINED_SECONDS = Number(process.env.LOAD_SUSTAINED_SECONDS ?? 60);
/** The server's semi-space (--max-semi-space-size=16, scripts/server-node-flags.mjs): RSS sampled at different points of a scavenge cycle differs by up to this much, leak or not. */
const YOUNG_GENERATION_MIB = 16;
const LARGE = Number(process.env.LOAD_LARGE_REVIEWS ?? 10_000);
const MCP_ARGUMENTS = { name: "search_reviews", arguments: { rating: 5, limit: 3 } };
const MCP_CALL = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: MCP_ARGUMENTS });
const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" };
/** The same call in the 2026-07-28 era: `_meta` envelope and the protocol headers, as the SDK's client sends them. */
const MODERN_CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: {
    ...MCP_ARGUMENTS,
    _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
  },
});
const MODERN_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  "MCP-Protocol-Version": "2026-07-28",
  "Mcp-Method": "tools/call",
  "Mcp-Name": "search_reviews",
};
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench-load", version: "1" } },
});
/** Both servers sign session ids with it, so the session the production server opens is live on the emulation too. */
const SESSION_SECRET = randomBytes(48).toString("base64url");

interface Target {
  name: string;
  path: string;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  isFunction: boolean;
  /** Share of the floor's req/s the production server must reach. */
  goal: number;
}

const TARGETS: Target[] = [
  { name: "static /reviews.json", path: "/reviews.json", isFunction: false, goal: 0.6 },
  { name: "static /api/feed.json", path: "/api/feed.json", isFunction: false, goal: 0.6 },
  { name: "search ?rating=5&limit=10", path: "/api/reviews/search?rating=5&limit=10", isFunction: true, goal: 0.5 },
  { name: "since /2026-01-01", path: "/api/reviews/since/2026-01-01", isFunction: true, goal: 0.5 },
  { name: "MCP tools/call, 2025-06-18 without a session", path: "/mcp", method: "POST", body: MCP_CALL, headers: MCP_HEADERS, isFunction: true, goal: 0.35 },
  { name: "MCP tools/call, 2026-07-28 stateless", path: "/mcp", method: "POST", body: MODERN_CALL, headers: MODERN_HEADERS, isFunction: true, goal: 0.5 },
];
/** Its `Mcp-Session-Id` is filled in once the production server has answered `initialize` (openSession). */
const SESSION_TARGET: Target = {
  name: "MCP tools/call in a 2025-06-18 session",
  path: "/mcp",
  method: "POST",
  body: MCP_CALL,
  headers: MCP_HEADERS,
  isFunction: true,
  goal: 0.5,
};
TARGETS.push(SESSION_TARGET);

/** Opens a 2025-06-18 session on `base` and points SESSION_TARGET at it. */
async function openSession(base: string): Promise<void> {
  const response = await fetch(`${base}/mcp`, { method: "POST", headers: MCP_HEADERS, body: INITIALIZE });
  await response.arrayBuffer();
  const session = response.headers.get("mcp-session-id");
  if (response.status !== 200 || session === null) throw new Error(`initialize answered ${response.status} without a session`);
  SESSION_TARGET.headers = { ...MCP_HEADERS, "Mcp-Session-Id": session };
}

export interface LoadRow {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  statuses: Record<string, number>;
}

async function load(url: string, target: Pick<Target, "path" | "method" | "body" | "headers">, connections: number, seconds: number): Promise<LoadRow> {
  const result = await autocannon({
    url: url + target.path,
    connections,
    duration: seconds,
    timeout: 30,
    method: (target.method ?? "GET") as "GET",
    ...(target.body === undefined ? {} : { body: target.body }),
    ...(target.headers === undefined ? {} : { headers: target.headers }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count])),
  };
}

/** One answer as sent, for the floor to replay: node:http, so nothing is decoded. */
function capture(base: string, target: Target): Promise<{ key: string; status: number; headers: Record<string, string>; body: string }> {
  const url = new URL(target.path, base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: target.path, method: target.method ?? "GET", headers: target.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (typeof value === "string" && !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name)) headers[name] = value;
        const key = floorKey(
          target.method ?? "GET",
          target.path,
          Object.fromEntries(Object.entries(target.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
        );
        resolve({ key, status: res.statusCode!, headers, body: Buffer.concat(chunks).toString("base64") });
      });
    });
    req.on("error", reject);
    req.end(target.body);
  });
}

function startFloor(answersFile: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, "bench/support/floor-server.ts"), answersFile], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`floor server exited with ${code}`)));
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /listening on (\S+)/.exec(chunk.toString());
      if (match)
        resolve({
          url: match[1]!,
          stop: () => {
            child.kill("SIGTERM");
            return new Promise((done) => child.once("exit", () => done()));
          },
        });
    });
  });
}

async function measureAll(url: string, connectionsFor: (target: Target) => number): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  for (const target of TARGETS) {
    if (WARMUP_SECONDS > 0) await load(url, target, connectionsFor(target), WARMUP_SECONDS);
    rows.push(await load(url, target, connectionsFor(target), SECONDS));
  }
  return rows;
}

/** A floor run and a production run of one target, back to back, and their ratio. */
interface Round {
  floor: LoadRow;
  ours: LoadRow;
  share: number;
}

/**
 * The floor and the production server, measured alternately on each target
 * (ROUNDS rounds of a floor run then a production run, after a warm-up of
 * each), so the ratio compares runs seconds apart rather than minutes: on
 * a shared machine the load drifts between a whole pass over the floor and
 * a whole pass over the server. The round with the median ratio is reported.
 */
async function measureAgainstFloor(floorUrl: string, ourUrl: string): Promise<{ floor: LoadRow; ours: LoadRow; rounds: Round[] }[]> {
  const results: { floor: LoadRow; ours: LoadRow; rounds: Round[] }[] = [];
  for (const target of TARGETS) {
    if (WARMUP_SECONDS > 0) {
      await load(floorUrl, target, CONNECTIONS, WARMUP_SECONDS);
      await load(ourUrl, target, CONNECTIONS, WARMUP_SECONDS);
    }
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const floor = await load(floorUrl, target, CONNECTIONS, SECONDS);
      const ours = await load(ourUrl, target, CONNECTIONS, SECONDS);
      rounds.push({ floor, ours, share: floor.rps > 0 ? ours.rps / floor.rps : 0 });
    }
    const middle = [...rounds].sort((a, b) => a.share - b.share)[Math.floor((rounds.length - 1) / 2)]!;
    results.push({ floor: middle.floor, ours: middle.ours, rounds });
  }
  return results;
}

/** Starts a server and times process start to its first answer. */
async function startTimed(options: Parameters<typeof startServerProcess>[0]): Promise<{ server: ServerProcess; startupMs: number }> {
  const started = performance.now();
  const server = await startServerProcess(options);
  const response = await fetch(`${server.url}/reviews.json`, { method: "HEAD" });
  if (response.status !== 200) throw new Error(`first answer was ${response.status}`);
  return { server, startupMs: performance.now() - started };
}

/** Hub subscribe latency while 50 verifications wait on callbacks that take 5 s to answer. */
async function measureHub(server: ServerProcess, siteUrl: string, tlsDir: string): Promise<{ p50: number; p99: number; statuses: Record<number, number> }> {
  const tls = {
    caPem: readFileSync(join(tlsDir, "ca.pem"), "utf8"),
    certPem: readFileSync(join(tlsDir, "cert.pem"), "utf8"),
    keyPem: readFileSync(join(tlsDir, "key.pem"), "utf8"),
  };
  const subscriber = await startHttpsSubscriber(tls, { record: false });
  const topic = createSiteUrls(siteUrl).atomFeed;
  const statuses: Record<number, number> = {};
  const subscribe = async (path: string) => {
    const response = await fetch(`${server.url}/api/websub/hub`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": subscriber.url(path) }),
    });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  };
  try {
    for (let i = 0; i < 50; i += 1) subscriber.setBehaviour(`/slow-${i}`, { verifyDelayMs: 5000 });
    await Promise.all(Array.from({ length: 50 }, (_, i) => subscribe(`/slow-${i}`)));
    const times: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const start = performance.now();
      await subscribe(`/fast-${i}`);
      times.push(performance.now() - start);
    }
    return { p50: median(times), p99: percentile(times, 99), statuses };
  } finally {
    await subscriber.close();
  }
}

const release = await acquireLock("dist");
const scratch = mkdtempSync(join(tmpdir(), "bench-load-"));
const lines: string[] = [];
const say = (line = "") => {
  lines.push(line);
  console.error(line);
};
let failed = false;
try {
  const port = await findFreePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const tlsDir = join(scratch, "tls");
  const { caPath } = writeTestTls(tlsDir, await createTestTls());
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: siteUrl,
    RATE_LIMITS: "off",
    NODE_EXTRA_CA_CERTS: caPath,
    WEBSUB_ALLOW_PRIVATE_CALLBACKS: "true",
    MCP_SESSION_SECRET: SESSION_SECRET,
  };
  const built = runScript("scripts/build.ts", env);
  if (built.status !== 0) throw new Error(`build failed:\n${built.stderr}`);

  // Production server, content/.
  const production = await startTimed({ build: false, env: { ...env, BLOBS_DIR: join(scratch, "blobs") } });
  await openSession(production.server.url);
  const answersFile = join(scratch, "answers.json");
  writeFileSync(answersFile, JSON.stringify(await Promise.all(TARGETS.map((target) => capture(production.server.url, target)))));
  const floor = await startFloor(answersFile);
  const memory: number[] = [production.server.rssMiB()];
  const sampler = setInterval(() => memory.push(production.server.rssMiB()), 1000);
  const compared = await measureAgainstFloor(floor.url, production.server.url);
  clearInterval(sampler);
  await floor.stop();
  const floorRows = compared.map((result) => result.floor);
  const ourRows = compared.map((result) => result.ours);
  const hub = await measureHub(production.server, siteUrl, tlsDir);
  await production.server.stop();

  // Netlify's emulation, same dist/.
  const emulation = await startTimed({ build: false, env, script: "scripts/serve-netlify.ts" });
  const emulationMemory: number[] = [emulation.server.rssMiB()];
  const emulationSampler = setInterval(() => emulationMemory.push(emulation.server.rssMiB()), 1000);
  const theirRows = await measureAll(emulation.server.url, (target) => (target.isFunction ? EMULATION_FUNCTION_CONNECTIONS : CONNECTIONS));
  clearInterval(emulationSampler);
  await emulation.server.stop();

  // Production server at 10k reviews: start-up, then sustained load on search with RSS sampled each second.
  const content = join(scratch, "content");
  writeSyntheticContentDir(content, LARGE);
  const largeBuild = runScript("scripts/build.ts", { ...env, CONTENT_DIR: content, NODE_OPTIONS: "--max-old-space-size=8192" });
  if (largeBuild.status !== 0) throw new Error(`build at ${LARGE} failed:\n${largeBuild.stderr}`);
  const large = await startTimed({ build: false, env: { ...env, BLOBS_DIR: join(scratch, "blobs-large") } });
  const rss: number[] = [large.server.rssMiB()];
  const rssSampler = setInterval(() => rss.push(large.server.rssMiB()), 1000);
  const sustained = await load(large.server.url, TARGETS[2]!, CONNECTIONS, SUSTAINED_SECONDS);
  clearInterval(rssSampler);
  rss.push(large.server.rssMiB());
  await large.server.stop();

  const machine = await describeMachine();
  const ratio = (ours: number, floor: number) => (floor > 0 ? ours / floor : 0);
  say(
    `Machine: ${machine}. ${CONNECTIONS} connections, ${SECONDS} s a run after ${WARMUP_SECONDS} s of warm-up, 30 s request timeout, no compression asked. Floor and production alternate on each target, ${ROUNDS} rounds of a floor run then a production run; the row shows the round with the median ratio (every round's ratio in the last column). Emulation: one run a target, ${EMULATION_FUNCTION_CONNECTIONS} connections for functions (it runs one call at a time); its share is against the floor of that row.`,
  );
  say();
  say(
    "| target | floor req/s | production req/s | production / floor | goal | production p50 / p99 ms | emulation req/s | emulation / floor | emulation p50 / p99 ms | production statuses | emulation statuses | every round's ratio |",
  );
  say("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|");
  TARGETS.forEach((target, i) => {
    const [f, o, t] = [floorRows[i]!, ourRows[i]!, theirRows[i]!];
    const share = ratio(o.rps, f.rps);
    const statuses = (row: LoadRow) =>
      Object.entries(row.statuses)
        .map(([c, n]) => `${c}: ${n}`)
        .join(", ") + (row.errors > 0 ? `; ${row.errors} errors` : "");
    say(
      `| ${target.name} | ${f.rps.toFixed(0)} | ${o.rps.toFixed(0)} | ${(share * 100).toFixed(0)}% ${share >= target.goal ? "✓" : "✗"} | ≥ ${target.goal * 100}% | ${fmt(o.p50)} / ${fmt(o.p99)} | ${t.rps.toFixed(1)} | ${(ratio(t.rps, f.rps) * 100).toFixed(2)}% | ${fmt(t.p50)} / ${fmt(t.p99)} | ${statuses(o)} | ${statuses(t)} | ${compared[i]!.rounds.map((round) => `${(round.share * 100).toFixed(0)}%`).join(", ")} |`,
    );
    for (const round of compared[i]!.rounds) if (Object.keys(round.ours.statuses).some((code) => code.startsWith("5")) || round.ours.errors > 0) failed = true;
  });
  say();
  const searchP99 = [ourRows[2]!.p99, ourRows[3]!.p99];
  say(`Search and since p99: ${searchP99.map(fmt).join(" ms and ")} ms (goal < 25 ms) ${searchP99.every((p) => p < 25) ? "✓" : "✗"}`);
  say(
    `Hub subscribe while 50 verifications wait on 5 s callbacks (100 sequential subscribes): p50 ${fmt(hub.p50)} ms, p99 ${fmt(hub.p99)} ms (goal p99 < 50 ms) ${hub.p99 < 50 ? "✓" : "✗"}; statuses ${JSON.stringify(hub.statuses)}`,
  );
  say(
    `Start-up to first answer, content/: production ${production.startupMs.toFixed(0)} ms (goal < 1000) ${production.startupMs < 1000 ? "✓" : "✗"}; emulation ${emulation.startupMs.toFixed(0)} ms`,
  );
  say(
    `Start-up to first answer, ${LARGE.toLocaleString("en-US")} reviews: production ${large.startupMs.toFixed(0)} ms (goal < 3000) ${large.startupMs < 3000 ? "✓" : "✗"}`,
  );
  const firstTen = rss.slice(1, 11);
  const lastTen = rss.slice(-10);
  const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const growth = avg(lastTen) - avg(firstTen);
  // A leak grows steadily: the least-squares slope of RSS after the first 10 s, per minute.
  const steady = rss.slice(11);
  const meanX = (steady.length - 1) / 2;
  const meanY = avg(steady);
  const slope = steady.reduce((sum, y, x) => sum + (x - meanX) * (y - meanY), 0) / steady.reduce((sum, _y, x) => sum + (x - meanX) ** 2, 0);
  say(
    `RSS at ${LARGE.toLocaleString("en-US")} reviews under ${SUSTAINED_SECONDS} s of search load (${sustained.rps.toFixed(0)} req/s, p99 ${fmt(sustained.p99)} ms): start ${rss[0]!.toFixed(0)} MiB, max ${Math.max(...rss).toFixed(0)} MiB (goal < 300) ${Math.max(...rss) < 300 ? "✓" : "✗"}, first 10 s mean ${avg(firstTen).toFixed(0)} MiB, last 10 s mean ${avg(lastTen).toFixed(0)} MiB (growth ${growth.toFixed(0)} MiB; goal: none beyond the ${YOUNG_GENERATION_MIB} MiB that V8's young generation moves RSS by ${growth < YOUNG_GENERATION_MIB ? "✓" : "✗"}), slope after the first 10 s ${(slope * 60).toFixed(1)} MiB a minute`,
  );
  say(
    `Production RSS during the content/ targets (MiB): start ${memory[0]!.toFixed(0)}, max ${Math.max(...memory).toFixed(0)}, end ${memory.at(-1)!.toFixed(0)}. Emulation: start ${emulationMemory[0]!.toFixed(0)}, max ${Math.max(...emulationMemory).toFixed(0)}, end ${emulationMemory.at(-1)!.toFixed(0)}.`,
  );
} finally {
  // dist/ from content/ again, for whatever serves this checkout next.
  const restore = runScript("scripts/build.ts", {});
  if (restore.status !== 0) console.error(`restoring dist/ failed:\n${restore.stderr}`);
  rmSync(scratch, { recursive: true, force: true });
  release();
}
console.log(lines.join("\n"));
if (failed) {
  console.error("FAILED: errors or 5xx from the production server under load");
  process.exitCode = 1;
}
