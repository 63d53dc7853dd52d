import { describe, expect, it } from "vitest";
import { createRateLimiter, rateLimitKey, tooManyRequests } from "../../../src/lib/http/rate-limit.ts";

describe("createRateLimiter", () => {
  it("allows windowLimit requests per key in a window, then gives the seconds left", () => {
    const limiter = createRateLimiter({ windowLimit: 3, windowSize: 60 });
    const t0 = 1_800_000_000_000 - (1_800_000_000_000 % 60_000);
    expect([1, 2, 3].map((i) => limiter.hit("a", t0 + i))).toEqual([null, null, null]);
    expect(limiter.hit("a", t0 + 10_000)).toBe(50);
    expect(limiter.hit("b", t0 + 10_000)).toBeNull();
  });

  it("starts counting again in the next window", () => {
    const limiter = createRateLimiter({ windowLimit: 1, windowSize: 10 });
    expect(limiter.hit("a", 0)).toBeNull();
    expect(limiter.hit("a", 9_999)).toBe(1);
    expect(limiter.hit("a", 10_000)).toBeNull();
  });
});

describe("rateLimitKey", () => {
  it.each([
    [{ windowLimit: 1, windowSize: 1, aggregateBy: ["ip", "domain"] }, "1.2.3.4 a.example"],
    [{ windowLimit: 1, windowSize: 1, aggregateBy: "ip" }, "1.2.3.4"],
    [{ windowLimit: 1, windowSize: 1 }, "1.2.3.4"],
  ])("keys %j as %s", (config, key) => {
    expect(rateLimitKey(config, "1.2.3.4", "a.example")).toBe(key);
  });
});

it("tooManyRequests is a JSON 429 with Retry-After", async () => {
  const response = tooManyRequests(7);
  expect(response.status).toBe(429);
  expect(response.headers.get("retry-after")).toBe("7");
  expect(await response.json()).toMatchObject({ error: "rate_limited" });
});
