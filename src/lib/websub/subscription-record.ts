import * as z from "../zod.ts";

/**
 * One stored subscription, one Blobs key each (keys.ts). A removed
 * subscription stays a short while as a tombstone (`state: "removed"`) so a
 * verification that finishes late cannot bring back what a newer request
 * removed (docs/design.md: "A new subscribe request replaces the stored state only
 * once it is verified").
 */
export const SubscriptionRecordSchema = z.object({
  version: z.literal(1),
  state: z.enum(["active", "removed"]),
  topic: z.string(),
  callback: z.string(),
  /** Host name of the callback, lower case: the unit of the per-host cap. */
  host: z.string(),
  secret: z.string().nullable(),
  leaseSeconds: z.int().nonnegative(),
  /** Epoch ms; the hub's clock when the request that set this state arrived (orders racing requests). */
  requestedAt: z.number(),
  /** Epoch ms at which the lease runs out. */
  expiresAt: z.number(),
  /** sha256 of the topic content this subscriber last acknowledged, or null. */
  deliveredHash: z.string().nullable(),
  /** Consecutive failed deliveries (docs/interface.md §8: 3 cancel). */
  failures: z.int().nonnegative(),
  /** Epoch ms before which no retry is made, or null. */
  nextAttemptAt: z.number().nullable(),
  /** Epoch ms of removal and why, for tombstones. */
  removedAt: z.number().nullable(),
  removedReason: z.string().nullable(),
});

export type SubscriptionRecord = z.infer<typeof SubscriptionRecordSchema>;

/** Reads a stored value; anything that does not match the schema is treated as absent. */
export function parseSubscriptionRecord(value: unknown): SubscriptionRecord | null {
  const parsed = SubscriptionRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** What the hub stores per topic: the hash of the content it last distributed. */
export const TopicStateSchema = z.object({
  version: z.literal(1),
  topic: z.string(),
  hash: z.string(),
  /** Epoch ms when this content was first seen. */
  changedAt: z.number(),
});

export type TopicState = z.infer<typeof TopicStateSchema>;

export function parseTopicState(value: unknown): TopicState | null {
  const parsed = TopicStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
