import { hash } from "node:crypto";
import { escapeJsonStringContents, joinBytes } from "../bytes.ts";
import type { DatasetIndex } from "./dataset-index.ts";

/**
 * A JSON answer made of reviews, as the search and since endpoints send it:
 * `head`, then the reviews at `positions` (their cached JSON, joined by
 * commas), then `tail`. The envelope's other fields live in `head` and
 * `tail`, already serialized.
 */
export interface ReviewListBody {
  head: string;
  positions: readonly number[];
  tail: string;
}

/** The body as text (the MCP tools' text copy). */
export function serializeReviewListBody(body: ReviewListBody, index: DatasetIndex): string {
  return body.head + body.positions.map((i) => index.reviewJson(i)).join(",") + body.tail;
}

/**
 * The body's parts in order, each review as the bytes the index encoded once, so an answer costs
 * a copy, not an encoding. `"json-string"` gives the body as the contents of a JSON string (an
 * MCP result's text copy); JSON escapes each character on its own, so that is the escaped parts.
 */
export function reviewListParts(body: ReviewListBody, index: DatasetIndex, form: "json" | "json-string"): (string | Uint8Array)[] {
  const escaped = form === "json-string";
  const parts: (string | Uint8Array)[] = [escaped ? escapeJsonStringContents(body.head) : body.head];
  body.positions.forEach((i, k) => {
    if (k > 0) parts.push(",");
    parts.push(escaped ? index.reviewEscapedBytes(i) : index.reviewBytes(i));
  });
  parts.push(escaped ? escapeJsonStringContents(body.tail) : body.tail);
  return parts;
}

/** The body as UTF-8 bytes, for HTTP: the same bytes as {@link serializeReviewListBody} encoded. */
export function encodeReviewListBody(body: ReviewListBody, index: DatasetIndex): Uint8Array<ArrayBuffer> {
  return joinBytes(reviewListParts(body, index, "json"));
}

/**
 * The strong entity tag of the serialized body (RFC 9110 §8.8.3) without hashing its bytes per
 * request: the SHA-256 of the body with each review's JSON replaced by its digest, which the index
 * keeps (a two-level hash tree). Any change to the bytes changes the tag, and the same bytes get
 * the same tag on every instance and build. 32 characters, like the static files' (etag.ts).
 */
export function computeReviewListEtag(body: ReviewListBody, index: DatasetIndex): string {
  const digests = body.positions.map((i) => index.reviewDigest(i)).join(",");
  return `"${hash("sha256", body.head + digests + body.tail, "base64url").slice(0, 32)}"`;
}
