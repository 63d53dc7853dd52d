import type { Store } from "@netlify/blobs";
import { topicContentKey, topicStateKey } from "../../lib/websub/keys.ts";
import { parseTopicState, type TopicState } from "../../lib/websub/subscription-record.ts";
import { updateRecord } from "./blob-records.ts";

/** The topic's last distributed hash, or null before its first publish. */
export async function readTopicState(store: Store, topic: string): Promise<TopicState | null> {
  return parseTopicState(await store.get(topicStateKey(topic), { type: "json" }));
}

/** The bytes distributed for `state`, or null if they are gone. */
export async function readTopicContent(store: Store, state: TopicState): Promise<Uint8Array | null> {
  const data = await store.get(topicContentKey(state.topic, state.hash), { type: "arrayBuffer" });
  return data === null ? null : new Uint8Array(data);
}

/**
 * Records new content for a topic: the bytes first (under their own hash),
 * then the state, by compare-and-set. Exactly one of several concurrent
 * publishers of the same change wins and returns the new state, so only it
 * notifies; the others (and an unchanged topic) get null.
 */
export async function recordTopicContent(store: Store, topic: string, hash: string, body: Uint8Array, nowMs: number): Promise<TopicState | null> {
  const current = await readTopicState(store, topic);
  if (current?.hash === hash) return null;
  await store.set(topicContentKey(topic, hash), body.slice().buffer);
  const state: TopicState = { version: 1, topic, hash, changedAt: nowMs };
  const won = await updateRecord(store, topicStateKey(topic), (value) => {
    const stored = parseTopicState(value);
    if (stored?.hash === hash) return { result: false };
    return { next: state, result: true };
  });
  if (!won) return null;
  // Cleanup only: if it fails, an unreferenced blob stays behind, and the change (already recorded) must still be notified.
  if (current !== null && current.hash !== hash) await store.delete(topicContentKey(topic, current.hash)).catch(() => undefined);
  return state;
}
