import { describe, expect, it } from "vitest";
import {
  createSessionClaims,
  mintSessionToken,
  SESSION_CLOCK_SKEW_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  verifySessionToken,
} from "../../../src/mcp/session/session-token.ts";

const SECRET = "s".repeat(48);
const T0 = Date.UTC(2026, 0, 1);

describe("session tokens", () => {
  it("round-trips the claims", () => {
    const claims = createSessionClaims("2025-06-18", T0);
    expect(verifySessionToken(mintSessionToken(claims, SECRET), SECRET, T0)).toEqual({ ok: true, claims });
  });

  it("are visible ASCII only, as the transport requires of session ids", () => {
    expect(mintSessionToken(createSessionClaims("2025-06-18", T0), SECRET)).toMatch(/^[\x21-\x7e]+$/);
  });

  it("refuses every other spelling of the signature that decodes to the same bytes", () => {
    const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // Many tokens, so the last character takes many values: a 32-byte HMAC leaves 2 spare bits in it.
    for (let i = 0; i < 50; i += 1) {
      const token = mintSessionToken(createSessionClaims("2025-06-18", T0), SECRET);
      const value = ALPHABET.indexOf(token.at(-1)!);
      const variants = [0, 1, 2, 3].map((low) => (value & ~3) | low).filter((other) => other !== value);
      for (const other of variants) {
        const respelled = token.slice(0, -1) + ALPHABET[other]!;
        expect(Buffer.from(respelled.split(".")[1]!, "base64url")).toEqual(Buffer.from(token.split(".")[1]!, "base64url"));
        expect(verifySessionToken(respelled, SECRET, T0)).toEqual({ ok: false, reason: "bad_signature" });
      }
    }
  });

  it("are unique per initialize", () => {
    const ids = new Set(Array.from({ length: 100 }, () => createSessionClaims("2025-06-18", T0).id));
    expect(ids.size).toBe(100);
  });

  it.each([
    ["just issued", 0, true],
    ["one second before the maximum age", SESSION_MAX_AGE_SECONDS - 1, true],
    ["at the maximum age", SESSION_MAX_AGE_SECONDS, false],
    ["within the clock skew in the future", -SESSION_CLOCK_SKEW_SECONDS, true],
    ["beyond the clock skew in the future", -SESSION_CLOCK_SKEW_SECONDS - 1, false],
  ])("checks age: %s", (_name, ageSeconds, ok) => {
    const token = mintSessionToken(createSessionClaims("2025-06-18", T0), SECRET);
    expect(verifySessionToken(token, SECRET, T0 + ageSeconds * 1000).ok).toBe(ok);
  });

  it.each([
    ["payload that is not JSON", `${Buffer.from("nope").toString("base64url")}`],
    [
      "claims with extra fields",
      Buffer.from(JSON.stringify({ id: crypto.randomUUID(), protocolVersion: "x", issuedAt: 1, admin: true })).toString("base64url"),
    ],
    ["claims with a non-UUID id", Buffer.from(JSON.stringify({ id: "1", protocolVersion: "x", issuedAt: 1 })).toString("base64url")],
  ])("refuses a correctly signed %s", async (_name, payload) => {
    const { createHmac } = await import("node:crypto");
    const token = `${payload}.${createHmac("sha256", SECRET).update(payload).digest("base64url")}`;
    expect(verifySessionToken(token, SECRET, T0)).toEqual({ ok: false, reason: "malformed" });
  });
});
