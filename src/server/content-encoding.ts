import { parseQualityValues } from "../lib/http/quality-values.ts";

/** The encodings the servers offer, most preferred first (the CDN prefers Brotli). */
export type ContentCoding = "br" | "gzip";

/**
 * Picks the coding for a response from `Accept-Encoding` (RFC 9110 §12.5.3):
 * the first of br, gzip with a non-zero weight, listed by name or by `*`.
 * No header, or `identity` only, means no coding: CDNs do not compress for
 * clients that did not ask.
 */
export function selectContentCoding(header: string | null): ContentCoding | null {
  if (header === null) return null;
  const weights = parseQualityValues(header);
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const best = (["br", "gzip"] as const).filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
  return best[0] ?? null;
}

/** Media types worth compressing: text, JSON, XML, JavaScript, SVG. Images and fonts are compressed already. */
export function isCompressible(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type.startsWith("text/") || /^application\/(?:json|javascript|xml|manifest\+json|[\w.-]+\+(?:json|xml))$/.test(type) || type === "image/svg+xml";
}

/** The entity tag of an encoded variant: a strong tag names one representation (RFC 9110 §8.8.3), so each coding gets its own. */
export function encodedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}
