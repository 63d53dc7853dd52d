/**
 * Every number the hub enforces, in one place (documented in docs/websub.md).
 * The platform layer may override them (tests, the benchmark), never the
 * rules that use them.
 */
export interface HubLimits {
  /** Largest request body the hub reads, in bytes; the real bytes are counted. */
  maxRequestBytes: number;
  /** `hub.secret` must be shorter than this many bytes (W3C WebSub §5.1). */
  maxSecretBytes: number;
  /** Longest accepted `hub.callback`, in characters. */
  maxCallbackLength: number;
  /** Active subscriptions allowed per callback host name. */
  maxSubscriptionsPerHost: number;
  /** Active subscriptions allowed in total. */
  maxSubscriptionsTotal: number;
  /** Time cap for a verification or denial GET, in milliseconds. */
  verifyTimeoutMs: number;
  /** Time cap for a content-distribution POST, in milliseconds. */
  deliveryTimeoutMs: number;
  /** Most bytes of a callback's answer that are ever read (the challenge echo included). */
  maxAnswerBytes: number;
  /** Deliveries in flight at once during a fan-out. */
  deliveryConcurrency: number;
  /** Largest topic document the hub fetches from the site, in bytes. */
  maxTopicBytes: number;
}

export const HUB_LIMITS: HubLimits = {
  maxRequestBytes: 8 * 1024,
  maxSecretBytes: 200,
  maxCallbackLength: 2048,
  maxSubscriptionsPerHost: 1000,
  maxSubscriptionsTotal: 10_000,
  verifyTimeoutMs: 5_000,
  deliveryTimeoutMs: 10_000,
  maxAnswerBytes: 64 * 1024,
  deliveryConcurrency: 16,
  maxTopicBytes: 16 * 1024 * 1024,
};
