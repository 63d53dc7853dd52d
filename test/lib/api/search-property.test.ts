import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { handleSearchRequest } from "../../../src/lib/api/search-endpoint.ts";
import { oracleSearch } from "../../support/oracle.ts";
import { realIndex } from "../../support/search-fixture.ts";

const index = realIndex();
const NAMES = ["rating", "min_rating", "since", "until", "query", "mentions_technician", "mentions_service", "limit", "aspect", "sentiment"];

const plausibleValue = fc.oneof(
  fc.integer({ min: -3, max: 120 }).map(String),
  fc.double({ min: -2, max: 7, noNaN: true }).map((n) => n.toFixed(2)),
  fc.date({ min: new Date("2022-06-01"), max: new Date("2027-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    "creosote",
    "Dana",
    "chris yoder",
    "marcus",
    "dryer-vent-cleaning",
    "chimney-sweep",
    "LINT",
    "Renée",
    "punctuality",
    "mixed",
    "2024-02-30",
    "",
  ),
  fc.string({ maxLength: 12 }),
);
const hostileValue = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "%",
    "%zz",
    "%00",
    "%F0%9F%92%A9",
    "\u0000",
    "'; DROP TABLE reviews;--",
    "../../etc/passwd",
    "1e309",
    "-0",
    "0x1f",
    "Infinity",
    "NaN",
    "[]",
    "{}",
  ),
);
const pair = fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 8 })), fc.oneof(plausibleValue, hostileValue));

describe("search under random and hostile query strings", () => {
  it("answers 200 or 400, never anything else, and every 200 satisfies every filter", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { maxLength: 5 }), fc.boolean(), async (pairs, rawEncoding) => {
        const query = rawEncoding ? pairs.map(([k, v]) => `${k}=${v}`).join("&") : new URLSearchParams(pairs).toString();
        let request: Request;
        try {
          request = new Request(`https://reviews.example/api/reviews/search?${query}`);
        } catch {
          return; // not a URL any client could send
        }
        const response = handleSearchRequest(request, index);
        expect([200, 400]).toContain(response.status);
        const result = (await response.json()) as { reviews: { id: string }[]; total: number; limit: number; issues?: unknown[] };
        if (response.status === 400) {
          expect(result.issues?.length).toBeGreaterThan(0);
          return;
        }
        const params = Object.fromEntries(new URL(request.url).searchParams);
        const expected = oracleSearch(index.dataset, params);
        expect(result.total).toBe(expected.length);
        expect(result.reviews.map((r) => r.id)).toEqual(expected.slice(0, result.limit).map((r) => r.id));
      }),
      { numRuns: 3000 },
    );
  });
});
