const UTF8 = new TextEncoder();

/**
 * Text and bytes concatenated as UTF-8 into one buffer: one allocation, and
 * each part copied once (text is encoded straight into place). The buffer
 * is sized for the worst case, three bytes per UTF-16 unit of text, and the
 * view returned covers what was written.
 */
export function joinBytes(parts: readonly (string | Uint8Array)[]): Uint8Array<ArrayBuffer> {
  let capacity = 0;
  for (const part of parts) capacity += typeof part === "string" ? part.length * 3 : part.byteLength;
  // Uninitialized memory: only the bytes written are returned, so zero-filling each answer's buffer would be wasted work.
  const out = Buffer.allocUnsafeSlow(capacity);
  let at = 0;
  for (const part of parts) {
    if (typeof part === "string") {
      at += UTF8.encodeInto(part, out.subarray(at)).written;
    } else {
      out.set(part, at);
      at += part.byteLength;
    }
  }
  return out.subarray(0, at);
}

/** `text` as it appears between the quotes of a JSON string (JSON.stringify's escaping, RFC 8259 §7). */
export function escapeJsonStringContents(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
