/**
 * `npm run conformance:mcp`: the official MCP conformance suite
 * (@modelcontextprotocol/conformance, 0.2 line) against this service's
 * /mcp handler, served in process over node:http on a free loopback port,
 * with the real content and a real file-backed Blobs store for sessions.
 * Nothing leaves loopback.
 *
 * SCENARIOS are the server scenarios that apply to a read-only server with
 * our tools; docs/mcp.md lists every scenario left out and why (most need
 * the suite's own fixture tools, prompts or server-to-client requests).
 * The few checks of these scenarios that cannot apply are excused, each
 * with its reason, in conformance-baseline.yml; the suite itself fails a
 * run on any other failing check, or on an excused check that passes.
 * Exit code 1 when any scenario fails.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createSiteUrls } from "../src/lib/dataset/site-urls.ts";
import { indexDataset } from "../src/lib/search/dataset-index.ts";
import { handleMcpRequest } from "../src/mcp/handler.ts";
import { openStore } from "../src/platform/blobs.ts";
import { createBlobsSessionStore, createSessionSecretSource } from "../src/platform/mcp-sessions.ts";
import { startBlobsServer } from "../test/support/blobs.ts";
import { loadSite } from "../test/support/site.ts";

/** Applicable server scenarios, by the protocol revisions they test. */
export const SCENARIOS = [
  // 2026-07-28
  "server-stateless",
  "http-header-validation",
  "caching",
  "sep-2164-resource-not-found",
  "tools-list",
  "resources-list",
  "dns-rebinding-protection",
  // 2025 era
  "server-initialize",
  "server-session-lifecycle",
  "ping",
] as const;

/** The suite's CLI, as its package.json `bin` names it. */
const CONFORMANCE_BIN = fileURLToPath(new URL("../node_modules/@modelcontextprotocol/conformance/dist/index.js", import.meta.url));
const BASELINE = fileURLToPath(new URL("conformance-baseline.yml", import.meta.url));
const only = process.env.SCENARIOS?.split(",").filter(Boolean);
const scenarios = only ?? [...SCENARIOS];

const blobs = await startBlobsServer();
const site = loadSite();
const index = indexDataset(site.dataset);
const store = openStore("mcp-sessions");

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  void (async () => {
    const url = `http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`;
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
      duplex: "half",
    } as RequestInit);
    const response = new URL(url).pathname === "/mcp" ? await handleMcpRequest(request, deps) : new Response("Not Found", { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body === null) res.end();
    else Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
  })().catch((error: unknown) => {
    console.error(error);
    res.writeHead(500).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const deps = {
  index,
  insights: site.insights,
  urls: createSiteUrls(base),
  sessions: createBlobsSessionStore(store),
  secret: createSessionSecretSource(store, {}),
  now: Date.now,
};

function runScenario(scenario: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CONFORMANCE_BIN, "server", "--url", `${base}/mcp`, "--scenario", scenario, "--expected-failures", BASELINE], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => resolve({ ok: code === 0, output }));
  });
}

console.log(`MCP conformance (@modelcontextprotocol/conformance) against ${base}/mcp`);
const failed: string[] = [];
try {
  for (const scenario of scenarios) {
    const { ok, output } = await runScenario(scenario);
    const summary = output
      .split("\n")
      .map((line) => stripVTControlCharacters(line).trim())
      .filter((line) => /^Passed:|^Baseline check|^~ /.test(line))
      .join(" ");
    console.log(`${ok ? "PASS" : "FAIL"}  ${scenario.padEnd(30)} ${summary}`);
    if (!ok) {
      failed.push(scenario);
      if (process.env.VERBOSE) console.log(output);
    }
  }
} finally {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await blobs.stop();
  rmSync(blobs.directory, { recursive: true, force: true });
}
console.log(
  failed.length === 0
    ? `\nall ${scenarios.length} scenarios passed`
    : `\n${failed.length} of ${scenarios.length} failed: ${failed.join(", ")} (VERBOSE=1 for details)`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
