/**
 * Largest accepted POST body: 64 KiB. The biggest legitimate request is a
 * `tools/call` with a 500-character query, well under 2 KiB; the SDK's own
 * 4 MiB cap does not apply because the handler passes `parsedBody`.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyRead = { ok: true; text: string } | { ok: false; reason: "too_large" | "invalid_utf8" };

/**
 * Reads the body as UTF-8 text (JSON is UTF-8, RFC 8259 §8.1), at most `maxBytes`. A declared
 * `Content-Length` over the cap is refused unread; otherwise the bytes are
 * counted as they arrive, so a missing or lying `Content-Length` (or chunked
 * encoding) cannot get more through.
 */
export async function readBodyWithLimit(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return { ok: false, reason: "too_large" };
  if (request.body === null) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        return { ok: false, reason: "too_large" };
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    return { ok: false, reason: "invalid_utf8" };
  }
}
