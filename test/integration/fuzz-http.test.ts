import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { describeResponseProblem } from "../support/fuzz/check-response.ts";
import { httpCase, isClientRefusal } from "../support/fuzz/http-arbitrary.ts";

const base = inject("baseUrl");
const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 40);

describe("the local server under random whole HTTP requests", () => {
  it(`answers ${RUNS} random requests to known and unknown paths with no 5xx and well-formed JSON`, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(httpCase, async ({ method, path, headers, body }) => {
        let request: Request;
        try {
          const hasBody = body !== undefined && method !== "GET" && method !== "HEAD";
          request = new Request(base + path, { method, headers, ...(hasBody ? { body } : {}) });
        } catch {
          return;
        }
        let response: Response;
        try {
          response = await fetch(request.clone(), { redirect: "manual" });
        } catch (error) {
          if (isClientRefusal(error)) return; // the client refused to send it
          throw error;
        }
        sent += 1;
        expect(response.status).toBeLessThan(500);
        if (/^(text\/html|text\/css|application\/(atom\+)?xml)/.test(response.headers.get("content-type") ?? "")) {
          await response.arrayBuffer();
          return;
        }
        expect(await describeResponseProblem(request, response)).toBeNull();
      }),
      { numRuns: RUNS },
    );
    expect(sent).toBeGreaterThan(RUNS / 2);
  }, 300_000);
});
