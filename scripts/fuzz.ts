/**
 * `npm run fuzz`: property-based fuzzing of every endpoint (fast-check).
 * 100,000 cases in-process against the function handlers, wired as the
 * functions wire them (FUZZ_CASES to change), then whole HTTP requests
 * against the production server (`npm run serve`; FUZZ_HTTP_CASES, default
 * 5,000). Zero 5xx allowed, and every body promised as JSON must parse. No
 * traffic leaves loopback.
 */
import fc from "fast-check";
import { acquireLock } from "./file-lock.ts";
import { startServerProcess } from "../test/support/server-process.ts";
import { httpCase, sendHttpCase } from "../test/support/fuzz/http-arbitrary.ts";
import { fuzzAll } from "../test/support/fuzz/run-fuzz.ts";
import { createFuzzTargets } from "../test/support/fuzz/targets.ts";

const CASES = Number(process.env.FUZZ_CASES ?? 100_000);
const HTTP_CASES = Number(process.env.FUZZ_HTTP_CASES ?? 5000);

const targets = await createFuzzTargets();
console.log(`In-process: ${CASES} cases over search, since, MCP (2025 and 2026-07-28 eras) and the hub`);
try {
  for (const report of await fuzzAll(targets, CASES)) {
    const statuses = Object.entries(report.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
    console.log(`  ${report.target.padEnd(8)} ${String(report.runs).padStart(6)} cases in ${(report.ms / 1000).toFixed(1)} s, no 5xx; statuses ${statuses}`);
  }
} finally {
  await targets.stop();
}

if (HTTP_CASES > 0) {
  const release = await acquireLock("dist");
  const server = await startServerProcess().catch((error: unknown) => {
    release();
    throw error;
  });
  const statuses: Record<number, number> = {};
  const start = performance.now();
  try {
    await fc.assert(
      fc.asyncProperty(httpCase, async (testCase) => {
        const status = await sendHttpCase(server.url, testCase);
        if (status !== null) statuses[status] = (statuses[status] ?? 0) + 1;
      }),
      { numRuns: HTTP_CASES },
    );
  } finally {
    await server.stop();
    release();
  }
  const list = Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  console.log(`Over HTTP, production server: ${HTTP_CASES} cases in ${((performance.now() - start) / 1000).toFixed(1)} s, no 5xx; statuses ${list}`);
}
