import fc from "fast-check";
import { hubRequest, mcpModernRequest, mcpRequest, searchRequest, sinceRequest, type RequestFactory } from "./arbitraries.ts";
import { describeResponseProblem } from "./check-response.ts";
import type { FuzzTargets, Handler } from "./targets.ts";

export interface FuzzReport {
  target: string;
  runs: number;
  statuses: Record<number, number>;
  ms: number;
}

/**
 * Throws `runs` random and hostile requests at one in-process endpoint and
 * fails (with fast-check's shrunk counterexample) on the first response that
 * breaks {@link describeResponseProblem}.
 */
export async function fuzzTarget(
  name: string,
  handler: Handler,
  arbitrary: fc.Arbitrary<RequestFactory | null>,
  runs: number,
  seed?: number,
): Promise<FuzzReport> {
  const statuses: Record<number, number> = {};
  const start = performance.now();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (build) => {
      if (build === null) return;
      const request = build();
      const response = await handler(build());
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      const problem = await describeResponseProblem(request, response);
      if (problem !== null) throw new Error(`${name}: ${request.method} ${request.url}: ${problem}`);
    }),
    { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
  );
  return { target: name, runs, statuses, ms: performance.now() - start };
}

/** Shares of the total budget per endpoint; `mcp` is the 2025 era, `mcp2026` the 2026-07-28 era of the same endpoint. */
export const FUZZ_SHARES = { search: 0.3, since: 0.15, mcp: 0.2, mcp2026: 0.15, hub: 0.2 } as const;

export async function fuzzAll(targets: FuzzTargets, totalRuns: number, seed?: number): Promise<FuzzReport[]> {
  const arbitraries = { search: searchRequest, since: sinceRequest, mcp: mcpRequest, mcp2026: mcpModernRequest, hub: hubRequest };
  const handlers = { search: targets.search, since: targets.since, mcp: targets.mcp, mcp2026: targets.mcp, hub: targets.hub };
  const reports: FuzzReport[] = [];
  for (const [name, share] of Object.entries(FUZZ_SHARES) as [keyof typeof FUZZ_SHARES, number][]) {
    reports.push(await fuzzTarget(name, handlers[name], arbitraries[name], Math.round(totalRuns * share), seed));
  }
  return reports;
}
