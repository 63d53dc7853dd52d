/**
 * MCP session state in Netlify Blobs (store "mcp-sessions"), shared by every
 * function instance: the HMAC secret that signs session ids, and a record
 * for each session ended by `DELETE /mcp`. Live sessions need no record; see
 * src/mcp/session/session-token.ts.
 */
import { randomBytes } from "node:crypto";
import type { Store } from "@netlify/blobs";
import { LRUCache } from "lru-cache";
import type { McpSessionStore, SessionSecretSource } from "../mcp/session/session-store.ts";
import { openStore, STORE_NAMES } from "./blobs.ts";
import { getMcpSessionSecret } from "./env.ts";

const SECRET_KEY = "secret/session-hmac";
const ENDED_PREFIX = "ended/";
/** Ended ids remembered per instance; past this the memo starts over (Blobs stays the truth). */
const ENDED_MEMO_LIMIT = 10_000;
/** Live sessions whose last "not ended" read is remembered per instance (least recently used dropped first). */
const CHECKED_MEMO_LIMIT = 10_000;
export const MIN_SECRET_LENGTH = 32;

/**
 * How long a "not ended" answer read from Blobs is trusted: a DELETE on
 * another instance is refused here at most this long after it was recorded
 * (docs/mcp.md). The instance that handled the DELETE refuses at once.
 */
export const REVOCATION_BOUND_MS = 5_000;

/** MCP_SESSION_SECRET is set but too weak to sign session ids. */
export class McpSessionSecretError extends Error {
  constructor(length: number) {
    super(
      `MCP_SESSION_SECRET has ${length} characters; use at least ${MIN_SECRET_LENGTH} random characters (e.g. \`openssl rand -base64 48\`), or unset it to let the service create one in Blobs.`,
    );
    this.name = "McpSessionSecretError";
  }
}

/**
 * Revocation records: `ended/<session uuid>` holding when the session ended and when its token
 * would expire. A "not ended" read is kept for REVOCATION_BOUND_MS, so a call in a live session
 * reads nothing from Blobs (bench:load target "MCP tools/call in a 2025-06-18 session", 50% of the
 * floor, bench/RESULTS.md). Past half the bound the read is refreshed in the background; past the
 * bound a call waits for a fresh one.
 */
export function createBlobsSessionStore(store: Store): McpSessionStore {
  const ended = new Set<string>(); // an ended session never comes back, so a hit can be remembered
  const checkedAt = new LRUCache<string, number>({ max: CHECKED_MEMO_LIMIT });
  const reading = new Map<string, { startedAt: number; result: Promise<boolean> }>();
  const remember = (sessionId: string) => {
    if (ended.size >= ENDED_MEMO_LIMIT) ended.clear();
    ended.add(sessionId);
    checkedAt.delete(sessionId);
  };
  /** One read per session at a time; its answer counts from when it started. */
  const read = (sessionId: string, nowMs: number): Promise<boolean> => {
    const current = reading.get(sessionId);
    if (current !== undefined && nowMs - current.startedAt < REVOCATION_BOUND_MS) return current.result;
    const result = store.get(`${ENDED_PREFIX}${sessionId}`).then((record) => {
      if (record !== null) remember(sessionId);
      else if ((checkedAt.get(sessionId) ?? -Infinity) < nowMs) checkedAt.set(sessionId, nowMs);
      return record !== null;
    });
    const entry = { startedAt: nowMs, result };
    reading.set(sessionId, entry);
    const settle = () => {
      if (reading.get(sessionId) === entry) reading.delete(sessionId);
    };
    result.then(settle, settle);
    return result;
  };
  return {
    async isEnded(sessionId, nowMs) {
      if (ended.has(sessionId)) return true;
      const age = nowMs - (checkedAt.get(sessionId) ?? -Infinity);
      if (age >= REVOCATION_BOUND_MS || age < 0) return read(sessionId, nowMs);
      // A failed refresh changes nothing: the answer ages out, and the call past the bound reports the failure.
      if (age >= REVOCATION_BOUND_MS / 2) read(sessionId, nowMs).catch(() => undefined);
      return false;
    },
    async end(sessionId, expiresAtMs) {
      try {
        await store.setJSON(`${ENDED_PREFIX}${sessionId}`, { ended_at: new Date().toISOString(), expires_at: new Date(expiresAtMs).toISOString() });
      } catch (error) {
        // The record may have been written all the same: this instance reads it again next time.
        checkedAt.delete(sessionId);
        throw error;
      }
      remember(sessionId);
    },
  };
}

/**
 * The session secret: MCP_SESSION_SECRET when set; otherwise one random
 * secret kept in Blobs. The first instance to need it creates it with a
 * conditional create (`onlyIfNew`), and every instance then reads whatever
 * won, so concurrent cold starts agree without any configuration. The value
 * is cached per instance once read; a failed read is retried next time.
 */
export function createSessionSecretSource(store: Store, env?: NodeJS.ProcessEnv): SessionSecretSource {
  const configured = getMcpSessionSecret(env);
  if (configured !== null) {
    return async () => {
      if (configured.length < MIN_SECRET_LENGTH) throw new McpSessionSecretError(configured.length);
      return configured;
    };
  }
  let cached: Promise<string> | undefined;
  const load = async (): Promise<string> => {
    const existing = await store.get(SECRET_KEY, { type: "text" });
    if (existing !== null) return existing;
    await store.set(SECRET_KEY, randomBytes(48).toString("base64url"), { onlyIfNew: true });
    const winner = await store.get(SECRET_KEY, { type: "text" });
    if (winner === null) throw new Error(`Blobs did not return ${SECRET_KEY} right after creating it`);
    return winner;
  };
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

let instance: { sessions: McpSessionStore; secret: SessionSecretSource } | undefined;

/** The session store and secret of this function instance, over the platform's Blobs. */
export function getMcpSessionDeps(): { sessions: McpSessionStore; secret: SessionSecretSource } {
  if (!instance) {
    const store = openStore(STORE_NAMES.mcpSessions);
    instance = { sessions: createBlobsSessionStore(store), secret: createSessionSecretSource(store) };
  }
  return instance;
}
