/**
 * MCP session state in Netlify Blobs (store "mcp-sessions"), shared by every
 * function instance: the HMAC secret that signs session ids, and a record
 * for each session ended by `DELETE /mcp`. Live sessions need no record; see
 * src/mcp/session/session-token.ts.
 */
import { randomBytes } from "node:crypto";
import type { Store } from "@netlify/blobs";
import type { McpSessionStore, SessionSecretSource } from "../mcp/session/session-store.ts";
import { openStore, STORE_NAMES } from "./blobs.ts";
import { getMcpSessionSecret } from "./env.ts";

const SECRET_KEY = "secret/session-hmac";
const ENDED_PREFIX = "ended/";
/** Ended ids remembered per instance; past this the memo starts over (Blobs stays the truth). */
const ENDED_MEMO_LIMIT = 10_000;
export const MIN_SECRET_LENGTH = 32;

/** MCP_SESSION_SECRET is set but too weak to sign session ids. */
export class McpSessionSecretError extends Error {
  constructor(length: number) {
    super(
      `MCP_SESSION_SECRET has ${length} characters; use at least ${MIN_SECRET_LENGTH} random characters (e.g. \`openssl rand -base64 48\`), or unset it to let the service create one in Blobs.`,
    );
    this.name = "McpSessionSecretError";
  }
}

/** Revocation records: `ended/<session uuid>` holding when the session ended and when its token would expire. */
export function createBlobsSessionStore(store: Store): McpSessionStore {
  const ended = new Set<string>(); // an ended session never comes back, so a hit can be remembered
  const remember = (sessionId: string) => {
    if (ended.size >= ENDED_MEMO_LIMIT) ended.clear();
    ended.add(sessionId);
  };
  return {
    async isEnded(sessionId) {
      if (ended.has(sessionId)) return true;
      const record = await store.get(`${ENDED_PREFIX}${sessionId}`);
      if (record !== null) remember(sessionId);
      return record !== null;
    },
    async end(sessionId, expiresAtMs) {
      await store.setJSON(`${ENDED_PREFIX}${sessionId}`, { ended_at: new Date().toISOString(), expires_at: new Date(expiresAtMs).toISOString() });
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
