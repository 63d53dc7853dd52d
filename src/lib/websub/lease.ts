/**
 * Lease rules (W3C WebSub §5.1: the hub decides the lease; docs/design.md: the
 * requested `hub.lease_seconds` is clamped to a documented range, default 10
 * days). A short minimum lets a subscriber try the hub out; every renewal
 * costs a verification round trip and counts against the hub's rate limit.
 */
export const LEASE_SECONDS = {
  min: 10,
  default: 10 * 24 * 60 * 60,
  max: 30 * 24 * 60 * 60,
} as const;

/** The lease the hub grants for a requested one (absent: the default). */
export function clampLeaseSeconds(requested: number | undefined): number {
  if (requested === undefined) return LEASE_SECONDS.default;
  return Math.min(LEASE_SECONDS.max, Math.max(LEASE_SECONDS.min, Math.floor(requested)));
}

/** When a lease granted at `nowMs` runs out, in epoch milliseconds. */
export function computeLeaseExpiry(nowMs: number, leaseSeconds: number): number {
  return nowMs + leaseSeconds * 1000;
}

/** A lease has run out once its expiry is reached (docs/interface.md §3: deliveries stop). */
export function isLeaseExpired(expiresAt: number, nowMs: number): boolean {
  return expiresAt <= nowMs;
}
