import { createHash } from "node:crypto";

/**
 * A strong entity tag computed from the exact bytes of a representation
 * (RFC 9110 §8.8.3): the same body always yields the same tag, on every
 * instance and every build.
 */
export function computeStrongEtag(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** The opaque part of an entity tag, without any `W/` prefix (RFC 9110 §8.8.3.2, weak comparison). */
function opaqueTag(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/**
 * Evaluates `If-None-Match` (RFC 9110 §13.1.2) with weak comparison. Returns
 * true when the condition is false, i.e. one listed tag (or `*`) matches the
 * current representation. Members that are not valid entity tags never match.
 */
export function matchesIfNoneMatch(header: string, currentEtag: string): boolean {
  const value = header.trim();
  if (value === "*") return true;
  const current = opaqueTag(currentEtag);
  return value
    .split(",")
    .map((member) => member.trim())
    .some((member) => ENTITY_TAG.test(member) && opaqueTag(member) === current);
}
