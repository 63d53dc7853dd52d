/**
 * Delivery retries (docs/design.md, "WebSub hub"; docs/interface.md §8). A delivery
 * fails on a non-2xx (a 3xx included: redirects are not followed), a timeout
 * or a network error. The scheduled function retries with backoff, always
 * with the topic's latest content; 3 consecutive failures remove the
 * subscription; a 410 Gone removes it at once; a success resets the count.
 */
export const MAX_CONSECUTIVE_FAILURES = 3;

/** Wait after the 1st and the 2nd consecutive failure; the scheduler runs every 5 minutes. */
export const BACKOFF_SECONDS = [60, 300] as const;

/** A subscriber the fan-out never reached (the run ended early) is picked up after this long. */
export const STALLED_DELIVERY_MS = 2 * 60_000;

/** How long a tombstone is kept before the scheduled function deletes it. */
export const TOMBSTONE_TTL_MS = 60 * 60_000;

export function computeNextAttempt(failures: number, nowMs: number): number {
  const index = Math.min(Math.max(failures, 1), BACKOFF_SECONDS.length) - 1;
  return nowMs + BACKOFF_SECONDS[index]! * 1000;
}

export type DeliveryOutcome = { kind: "success" } | { kind: "gone" } | { kind: "failure"; reason: string };

/** How a callback's answer to a delivery POST counts (W3C WebSub §7: any 2xx acknowledges). */
export function classifyDeliveryStatus(status: number): DeliveryOutcome {
  if (status >= 200 && status < 300) return { kind: "success" };
  if (status === 410) return { kind: "gone" };
  if (status >= 300 && status < 400) return { kind: "failure", reason: `answered ${status}; redirects are not followed` };
  return { kind: "failure", reason: `answered ${status}` };
}
