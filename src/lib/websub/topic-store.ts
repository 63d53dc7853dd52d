import type { HubContext } from "./hub-context.ts";
import { hashBytes, topicContentKey, topicStateKey } from "./keys.ts";
import type { RecordStore } from "./record-store.ts";
import { updateRecord, type StoreAccess } from "./records.ts";
import { parseTopicState, type TopicState } from "./subscription-record.ts";

/** The topic's last distributed hash, or null before its first publish. */
export async function readTopicState(store: RecordStore, topic: string): Promise<TopicState | null> {
  return parseTopicState(await store.get(topicStateKey(topic)));
}

/** The bytes distributed for `state`, or null if they are gone. */
export async function readTopicContent(store: RecordStore, state: TopicState): Promise<Uint8Array | null> {
  return store.getBytes(topicContentKey(state.topic, state.hash));
}

/**
 * Records new content for a topic: the bytes first (under their own hash),
 * then the state, by compare-and-set. Exactly one of several concurrent
 * publishers of the same change wins and returns the new state, so only it
 * notifies; the others (and an unchanged topic) get null.
 */
export async function recordTopicContent(access: StoreAccess, topic: string, hash: string, body: Uint8Array, nowMs: number): Promise<TopicState | null> {
  const { store } = access;
  const current = await readTopicState(store, topic);
  if (current?.hash === hash) return null;
  await store.setBytes(topicContentKey(topic, hash), body);
  const state: TopicState = { version: 1, topic, hash, changedAt: nowMs };
  const won = await updateRecord(access, topicStateKey(topic), (value) => {
    const stored = parseTopicState(value);
    if (stored?.hash === hash) return { result: false };
    return { next: state, result: true };
  });
  if (!won) return null;
  // Cleanup only: if it fails, an unreferenced blob stays behind, and the change (already recorded) must still be notified.
  if (current !== null && current.hash !== hash) await store.delete(topicContentKey(topic, current.hash)).catch(() => undefined);
  return state;
}

/**
 * Fetches a topic's current bytes from the site and records them
 * ({@link recordTopicContent}): the bytes, their hash, and the new state, or
 * null for it when the topic has not changed.
 */
export async function recordCurrentTopicContent(ctx: HubContext, topic: string): Promise<{ body: Uint8Array; hash: string; state: TopicState | null }> {
  const body = await ctx.fetchTopic(topic, ctx.limits.maxTopicBytes);
  const hash = hashBytes(body);
  return { body, hash, state: await recordTopicContent(ctx, topic, hash, body, ctx.now()) };
}
