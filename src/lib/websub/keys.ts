import { createHash } from "node:crypto";

/**
 * Keys of the hub's state in its record store (Netlify Blobs in production). One key per subscription, grouped by topic,
 * so a fan-out lists one topic's subscribers page by page and concurrent
 * requests for different callbacks never write the same key.
 */
export const SUBSCRIPTION_PREFIX = "sub/";

export function hashText(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function topicPrefix(topic: string): string {
  return `${SUBSCRIPTION_PREFIX}${hashText(topic).slice(0, 32)}/`;
}

export function subscriptionKey(topic: string, callback: string): string {
  return `${topicPrefix(topic)}${hashText(callback)}`;
}

export function topicStateKey(topic: string): string {
  return `topic/${hashText(topic).slice(0, 32)}/state`;
}

/** Content is stored under its own hash, so concurrent publishers write identical bytes. */
export function topicContentKey(topic: string, contentHash: string): string {
  return `topic/${hashText(topic).slice(0, 32)}/content/${contentHash}`;
}

export const COUNTER_PREFIX = "count/";

export const TOTAL_COUNT_KEY = `${COUNTER_PREFIX}total`;

export function hostCountKey(host: string): string {
  return `${COUNTER_PREFIX}host/${hashText(host.toLowerCase())}`;
}
