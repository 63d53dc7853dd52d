import type { McpDeps } from "../mcp-deps.ts";
import { SessionStoreUnavailableError } from "../session/session-store.ts";
import { createSessionClaims, mintSessionToken, verifySessionToken, type SessionClaims } from "../session/session-token.ts";

export const SESSION_HEADER = "mcp-session-id";

export type SessionState = { kind: "none" } | { kind: "live"; claims: SessionClaims } | { kind: "unknown"; reason: string };

/** Runs a session-store call; any failure of the store means "cannot tell", never "no session". */
async function callStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new SessionStoreUnavailableError(error);
  }
}

/**
 * Reads `Mcp-Session-Id` (transports §Session Management). No header: the
 * request is served statelessly. A header that is not a live session of
 * ours (forged, tampered, expired, or ended by DELETE) is `unknown`, which
 * the caller answers with 404 so the client starts a new session.
 * Throws {@link SessionStoreUnavailableError} when the secret or the
 * revocation record cannot be read.
 */
export async function readSession(request: Request, deps: Pick<McpDeps, "secret" | "sessions" | "now">): Promise<SessionState> {
  const token = request.headers.get(SESSION_HEADER);
  if (token === null) return { kind: "none" };
  const secret = await callStore(deps.secret);
  const check = verifySessionToken(token.trim(), secret, deps.now());
  if (!check.ok) return { kind: "unknown", reason: check.reason };
  if (await callStore(() => deps.sessions.isEnded(check.claims.id))) return { kind: "unknown", reason: "ended" };
  return { kind: "live", claims: check.claims };
}

/** A new session id for a successful `initialize` negotiated at `protocolVersion`. */
export async function startSession(protocolVersion: string, deps: Pick<McpDeps, "secret" | "now">): Promise<string> {
  const secret = await callStore(deps.secret);
  return mintSessionToken(createSessionClaims(protocolVersion, deps.now()), secret);
}

/** Ends a session for good: every instance refuses it from now on. */
export async function endSession(claims: SessionClaims, deps: Pick<McpDeps, "sessions">, expiresAtMs: number): Promise<void> {
  await callStore(() => deps.sessions.end(claims.id, expiresAtMs));
}
