/**
 * Builds the URL of a request to a callback with `hub.*` parameters
 * appended to the callback's own query string (W3C WebSub §5.1.1: the hub
 * MUST preserve the callback's query; §5.3 verification, §5.2 denial).
 */
export function appendHubParams(callback: string, params: Readonly<Record<string, string>>): string {
  const url = new URL(callback);
  url.hash = "";
  // Appended as text: rewriting the query through searchParams would re-encode the subscriber's own parameters
  // ("a=b%20c" as "a=b+c", "~" as "%7E", a bare "x" as "x="), which §5.1.1 forbids.
  const added = new URLSearchParams(params).toString();
  if (url.search === "") return `${url.href.replace(/\?$/, "")}?${added}`;
  return `${url.href}&${added}`;
}

/**
 * The §5.3 verification GET: mode, topic, challenge and the granted lease.
 * §5.3 requires the lease for subscribe and lets it be present (and ignored
 * by the subscriber) for unsubscribe; docs/interface.md §6 lists it for both, so
 * an unsubscribe carries 0, the lease left once it is confirmed.
 */
export function buildVerificationUrl(
  callback: string,
  intent: { mode: "subscribe" | "unsubscribe"; topic: string; challenge: string; leaseSeconds: number },
): string {
  return appendHubParams(callback, {
    "hub.mode": intent.mode,
    "hub.topic": intent.topic,
    "hub.challenge": intent.challenge,
    "hub.lease_seconds": intent.mode === "subscribe" ? String(intent.leaseSeconds) : "0",
  });
}

/** The §5.2 denial GET (also sent when the hub cancels after failed deliveries, docs/design.md). */
export function buildDenialUrl(callback: string, topic: string, reason: string): string {
  return appendHubParams(callback, { "hub.mode": "denied", "hub.topic": topic, "hub.reason": reason });
}

/**
 * §5.3: the subscriber confirms by echoing the challenge. Only the exact
 * bytes count: no trimming, no case folding.
 */
export function isChallengeEcho(body: Uint8Array, challenge: string): boolean {
  const expected = new TextEncoder().encode(challenge);
  return body.byteLength === expected.byteLength && body.every((byte, i) => byte === expected[i]);
}
