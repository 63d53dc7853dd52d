import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzAll } from "../support/fuzz/run-fuzz.ts";
import { createFuzzTargets, type FuzzTargets } from "../support/fuzz/targets.ts";

/** A small budget on every run of `npm test`; `npm run fuzz` runs 100,000 cases. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);

describe("every function endpoint under random and hostile requests", () => {
  let targets: FuzzTargets;
  beforeAll(async () => {
    targets = await createFuzzTargets();
  });
  afterAll(async () => {
    await targets.stop();
  });

  it(`answers ${RUNS} requests with no 5xx and well-formed JSON, with no network traffic (recording resolver and callback client)`, async () => {
    const reports = await fuzzAll(targets, RUNS);
    expect(reports.reduce((sum, r) => sum + r.runs, 0)).toBe(RUNS);
    for (const report of reports) expect(Object.keys(report.statuses).every((status) => Number(status) < 500)).toBe(true);
  }, 600_000);
});
