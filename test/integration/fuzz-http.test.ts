import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { httpCase, sendHttpCase } from "../support/fuzz/http-arbitrary.ts";

const base = inject("baseUrl");
const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 40);

describe("the local server under random whole HTTP requests", () => {
  it(`answers ${RUNS} random requests to known and unknown paths with no 5xx and well-formed JSON`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(httpCase, async (testCase) => {
        if ((await sendHttpCase(base, testCase)) !== null) sent += 1;
      }),
      { numRuns: RUNS },
    );
    expect(sent).toBeGreaterThan(RUNS / 2);
  }, 300_000);
});
