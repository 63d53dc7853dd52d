import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import * as z from "../../lib/zod.ts";

/**
 * Self-verifying MCP session ids (MCP 2025-06-18, transports §Session Management: the server picks
 * a globally unique, secure, visible-ASCII id). Ours is
 *   base64url(JSON {id, protocolVersion, issuedAt}) "." base64url(HMAC-SHA256)
 * so any instance can check a session with the shared secret alone. Only sessions ended by DELETE
 * need state (a revocation record, session-store.ts).
 */

/** Sessions end 24 hours after `initialize`, absolute (not sliding); the client then re-initializes (spec: a 404 means start a new session). */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;
/** Tolerated clock skew between instances for `issuedAt` in the future. */
export const SESSION_CLOCK_SKEW_SECONDS = 5 * 60;
/** Anything longer is not one of ours; refuse before any crypto. */
const MAX_TOKEN_LENGTH = 512;
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const SessionClaimsSchema = z.strictObject({
  id: z.uuid(),
  protocolVersion: z.string().min(1).max(32),
  issuedAt: z.int().nonnegative(),
});
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

export type SessionCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: "malformed" | "bad_signature" | "expired" | "not_yet_valid" };

function sign(payload: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(payload).digest();
}

/** New claims for a session negotiated at `protocolVersion`, issued at `nowMs`. */
export function createSessionClaims(protocolVersion: string, nowMs: number): SessionClaims {
  return { id: randomUUID(), protocolVersion, issuedAt: Math.floor(nowMs / 1000) };
}

export function mintSessionToken(claims: SessionClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${sign(payload, secret).toString("base64url")}`;
}

/**
 * Checks a presented session id: shape, signature (constant-time), claims
 * and age. Never throws: anything that is not a valid, current token of ours
 * is a failed check, which the transport answers with 404.
 */
export function verifySessionToken(token: string, secret: string, nowMs: number): SessionCheck {
  if (token.length > MAX_TOKEN_LENGTH || !TOKEN.test(token)) return { ok: false, reason: "malformed" };
  const [payload, signature] = token.split(".") as [string, string];
  // Compared as text: base64url's last character carries spare bits, so other spellings decode to the same
  // bytes; only the one spelling this service issues is its token.
  const expected = Buffer.from(sign(payload, secret).toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad_signature" };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const claims = SessionClaimsSchema.safeParse(decoded);
  if (!claims.success) return { ok: false, reason: "malformed" };
  return checkSessionAge(claims.data, nowMs);
}

/** The age check alone, for claims whose token was verified before. */
export function checkSessionAge(claims: SessionClaims, nowMs: number): SessionCheck {
  const now = Math.floor(nowMs / 1000);
  if (claims.issuedAt > now + SESSION_CLOCK_SKEW_SECONDS) return { ok: false, reason: "not_yet_valid" };
  if (now - claims.issuedAt >= SESSION_MAX_AGE_SECONDS) return { ok: false, reason: "expired" };
  return { ok: true, claims };
}

/** When a session's token stops being accepted anyway; a revocation record is useless after this. */
export function sessionExpiresAt(claims: SessionClaims): number {
  return (claims.issuedAt + SESSION_MAX_AGE_SECONDS) * 1000;
}
