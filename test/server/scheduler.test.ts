import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { schedule } from "../../src/server/scheduler.ts";

describe("schedule", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-24T10:03:30Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("runs on the cron schedule in UTC, passing the run after it", async () => {
    const runs: string[] = [];
    const job = schedule("*/5 * * * *", async (next) => {
      runs.push(`${new Date().toISOString()} next ${next.toISOString()}`);
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toEqual(["2026-11-24T10:05:00.000Z next 2026-11-24T10:10:00.000Z"]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(runs).toHaveLength(2);
    job.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toHaveLength(2);
  });

  it("skips a run while the previous one is still going", async () => {
    let started = 0;
    const job = schedule("* * * * *", () => {
      started += 1;
      return new Promise((resolve) => setTimeout(resolve, 150_000));
    });
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(started).toBe(2); // 10:04 runs until 10:06:30; 10:05 and 10:06 skip; 10:07 runs
    job.stop();
  });
});
