import { errorResponse, methodNotAllowed } from "../http/json-response.ts";

const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * Drops a body the hub will not read. Not awaited: cancelling one branch of a
 * tee'd stream (a cloned request) settles only when the other branch does.
 */
function discardBody(request: Request): void {
  request.body?.cancel().catch(() => undefined);
}

/**
 * Reads at most `maxBytes` of a body, counting the real bytes rather than
 * trusting `Content-Length`. Returns null when the body is larger.
 */
export async function readBodyWithCap(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) {
    discardBody(request);
    return null;
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The transport-level checks of a hub request (interface.md §4.8: POST,
 * form-encoded): method, content type, size. Returns the decoded form, or
 * the error Response to send. No field is looked at here.
 */
export async function readHubForm(request: Request, maxBytes: number): Promise<URLSearchParams | Response> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== FORM_TYPE) {
    discardBody(request);
    return errorResponse(415, "unsupported_media_type", `Send the hub request as ${FORM_TYPE} (W3C WebSub §5.1).`, { Accept: FORM_TYPE });
  }
  const body = await readBodyWithCap(request, maxBytes);
  if (body === null) return errorResponse(413, "payload_too_large", `A hub request body may be at most ${maxBytes} bytes.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return errorResponse(400, "invalid_request", "The form body is not valid UTF-8.");
  }
  return new URLSearchParams(text);
}
