/**
 * What the MCP handler needs from durable storage, implemented over Netlify Blobs
 * (src/platform/mcp-sessions.ts). Only ended sessions are recorded: a live session is proven by
 * its signed id alone (session-token.ts), and an implementation may remember a "not ended" answer
 * for a bounded time, so the common path reads nothing.
 */
export interface McpSessionStore {
  /** True when `DELETE /mcp` ended the session with this id (as of `nowMs`, within the store's documented bound). */
  isEnded(sessionId: string, nowMs: number): Promise<boolean>;
  /** Records that the session ended; `expiresAtMs` is when its token would have expired anyway. */
  end(sessionId: string, expiresAtMs: number): Promise<void>;
}

/** Yields the HMAC secret that signs session ids; every instance must get the same one. */
export type SessionSecretSource = () => Promise<string>;

/**
 * The session store or the secret could not be reached. The handler answers
 * 503 with a JSON-RPC error: it cannot tell a live session from an ended one,
 * and guessing either way would be wrong.
 */
export class SessionStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The MCP session store is unavailable; retry the request in a few seconds.", { cause });
    this.name = "SessionStoreUnavailableError";
  }
}
