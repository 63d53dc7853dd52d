import { preflightHeaders } from "../http/cors.ts";
import { errorResponse, methodNotAllowed } from "../http/json-response.ts";
import { discardBody, readCappedText } from "../http/read-body.ts";

const FORM_TYPE = "application/x-www-form-urlencoded";
const HUB_METHODS = ["POST", "OPTIONS"] as const;

/**
 * The transport-level checks of a hub request (docs/interface.md §4.8: POST,
 * form-encoded): method, content type, size. Returns the decoded form, or
 * the error Response to send. No field is looked at here.
 */
export async function readHubForm(request: Request, maxBytes: number): Promise<URLSearchParams | Response> {
  // A browser page may subscribe with fetch; a request that needs a CORS preflight gets one (the hub's answers are CORS `*` already).
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { ...preflightHeaders(HUB_METHODS), Allow: HUB_METHODS.join(", ") } });
  if (request.method !== "POST") return methodNotAllowed(HUB_METHODS);
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (mediaType !== FORM_TYPE) {
    discardBody(request);
    return errorResponse(415, "unsupported_media_type", `Send the hub request as ${FORM_TYPE} (W3C WebSub §5.1).`, { Accept: FORM_TYPE });
  }
  const body = await readCappedText(request, maxBytes);
  if (!body.ok && body.reason === "too_large") return errorResponse(413, "payload_too_large", `A hub request body may be at most ${maxBytes} bytes.`);
  if (!body.ok && body.reason === "incomplete") return errorResponse(400, "incomplete_body", "The form body ended before it was complete.");
  if (!body.ok) return errorResponse(400, "invalid_request", "The form body is not valid UTF-8.");
  return new URLSearchParams(body.value);
}
