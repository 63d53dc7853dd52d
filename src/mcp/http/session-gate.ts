import { LRUCache } from "lru-cache";
import type { McpDeps } from "../mcp-deps.ts";
import { SessionStoreUnavailableError } from "../session/session-store.ts";
import { checkSessionAge, createSessionClaims, mintSessionToken, verifySessionToken, type SessionCheck, type SessionClaims } from "../session/session-token.ts";

export const SESSION_HEADER = "mcp-session-id";

/** Session ids remembered as verified; past this the least recently used are dropped. */
const VERIFIED_TOKENS = 10_000;

/**
 * Tokens whose signature and claims checked out under the current secret,
 * so a call in a session repeats no HMAC, base64 or schema work, only the
 * age check (bench/RESULTS.md, bench:load target "MCP tools/call in a
 * 2025-06-18 session" at 50% of the floor). Only valid tokens are kept.
 */
const verified = { secret: "", claims: new LRUCache<string, SessionClaims>({ max: VERIFIED_TOKENS }) };

function checkToken(token: string, secret: string, nowMs: number): SessionCheck {
  if (verified.secret !== secret) {
    verified.secret = secret;
    verified.claims.clear();
  }
  const known = verified.claims.get(token);
  if (known !== undefined) return checkSessionAge(known, nowMs);
  const check = verifySessionToken(token, secret, nowMs);
  if (check.ok) verified.claims.set(token, check.claims);
  return check;
}

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
  const now = deps.now();
  const check = checkToken(token.trim(), secret, now);
  if (!check.ok) return { kind: "unknown", reason: check.reason };
  if (await callStore(() => deps.sessions.isEnded(check.claims.id, now))) return { kind: "unknown", reason: "ended" };
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
