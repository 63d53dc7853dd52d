import type { Result } from "../result.ts";

/** A request or response: anything with headers and a body stream. */
export interface BodySource {
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
  arrayBuffer?: () => Promise<ArrayBuffer>;
}

export type TooLarge = { reason: "too_large" };
/** The body stream failed before its end: the client closed the connection mid-body, most likely. */
export type Incomplete = { reason: "incomplete" };
export type BodyText = Result<string, TooLarge | Incomplete | { reason: "invalid_utf8" }>;

/**
 * Drops a body that will not be read. Not awaited: cancelling one branch of a
 * tee'd stream (a cloned request) settles only when the other branch does.
 */
export function discardBody(source: BodySource): void {
  source.body?.cancel().catch(() => undefined);
}

/**
 * Reads at most `maxBytes` of a body. A declared `Content-Length` over the
 * cap is refused unread; otherwise the bytes are counted as they arrive, so
 * a missing or lying `Content-Length` (or chunked encoding) cannot get more
 * through. The rest of an oversized body is cancelled, never buffered. A
 * body that fails before its end is `incomplete`, never an exception.
 */
export async function readCappedBody(source: BodySource, maxBytes: number): Promise<Result<Uint8Array, TooLarge | Incomplete>> {
  try {
    return await readBody(source, maxBytes);
  } catch {
    // Nothing to log or rethrow: the client that would get an answer has gone, and the server logs it in one line.
    discardBody(source);
    return { ok: false, reason: "incomplete" };
  }
}

async function readBody(source: BodySource, maxBytes: number): Promise<Result<Uint8Array, TooLarge>> {
  const declared = Number(source.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) {
    discardBody(source);
    return { ok: false, reason: "too_large" };
  }
  // A declared length within the cap bounds the body (RFC 9112 §6.3, RFC 9113 §8.1.1), so it is read whole,
  // which @hono/node-server does from the socket without a web stream. Not with a content coding: fetch decodes
  // the body, and the length counts the encoded bytes. Checked again after, for an in-process Request that lies.
  if (source.arrayBuffer !== undefined && source.headers.has("content-length") && !source.headers.has("content-encoding")) {
    const whole = new Uint8Array(await source.arrayBuffer());
    return whole.byteLength > maxBytes ? { ok: false, reason: "too_large" } : { ok: true, value: whole };
  }
  if (source.body === null) return { ok: true, value: new Uint8Array(0) };
  const reader = source.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => undefined);
      return { ok: false, reason: "too_large" };
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, value: body };
}

/** One decoder for every body: a decode without `stream` starts afresh each time. */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Reads at most `maxBytes` of a body as strict UTF-8 (JSON and forms are UTF-8: RFC 8259 §8.1, WHATWG URL §5.1). */
export async function readCappedText(source: BodySource, maxBytes: number): Promise<BodyText> {
  const body = await readCappedBody(source, maxBytes);
  if (!body.ok) return body;
  try {
    return { ok: true, value: STRICT_UTF8.decode(body.value) };
  } catch {
    return { ok: false, reason: "invalid_utf8" };
  }
}
