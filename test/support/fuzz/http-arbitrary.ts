import fc from "fast-check";
import { hostileHeaders, method } from "./arbitraries.ts";
import { describeResponseProblem } from "./check-response.ts";

const PATHS = [
  "/",
  "/reviews.json",
  "/insights.json",
  "/api/feed.json",
  "/feed.xml",
  "/openapi.json",
  "/docs/",
  "/api/reviews/search",
  "/api/reviews/since/2025-01-01",
  "/api/reviews/since/2024-02-30",
  "/mcp",
  "/api/websub/hub",
  "/.netlify/functions/not-found",
];
const segment = fc.string({ maxLength: 12, unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_.~%") });
/** Keys that trip code which builds objects from query strings, and values with broken percent-encoding. */
const queryKey = fc.oneof(
  segment,
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "__proto__[x]", "constructor.prototype", "rating", "limit", "query"),
);
const queryValue = fc.oneof(segment, fc.constantFrom("%", "%E0%A4%A", "%zz", "%C0%AF", "NaN", "-1", "1e309", "%00"));

export interface HttpCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Whole HTTP requests to the local server: known and random paths, query strings, methods, headers and bodies. */
export const httpCase: fc.Arbitrary<HttpCase> = fc.record({
  method,
  path: fc.oneof(
    fc.constantFrom(...PATHS),
    fc
      .tuple(fc.constantFrom(...PATHS), fc.array(fc.tuple(queryKey, queryValue), { maxLength: 3 }))
      .map(([path, pairs]) => `${path}?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
    fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join("/")}`),
  ),
  headers: hostileHeaders,
  body: fc.option(
    fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    ),
    { nil: undefined },
  ),
});

/** The HTTP client itself refused to send the request (e.g. a Content-Length that does not fit the body): no server was involved. */
export function isClientRefusal(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code ?? "";
  return code === "UND_ERR_INVALID_ARG" || code === "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH";
}

const PAGE_TYPES = /^(text\/html|text\/css|application\/(atom\+)?xml|image\/)/;

/**
 * Sends one case to the server at `base` and checks the answer: never a 5xx,
 * and every body that is not a page or a feed is well-formed JSON. Returns
 * the status (null when the case could not be sent) or throws the problem.
 */
export async function sendHttpCase(base: string, { method, path, headers, body }: HttpCase): Promise<number | null> {
  let request: Request;
  try {
    const hasBody = body !== undefined && method !== "GET" && method !== "HEAD";
    request = new Request(base + path, { method, headers, ...(hasBody ? { body } : {}) });
  } catch {
    return null;
  }
  let response: Response;
  try {
    response = await fetch(request.clone(), { redirect: "manual" });
  } catch (error) {
    if (isClientRefusal(error)) return null;
    throw error;
  }
  if (response.status >= 500) throw new Error(`${method} ${path}: status ${response.status}: ${await response.text()}`);
  if (PAGE_TYPES.test(response.headers.get("content-type") ?? "")) {
    await response.arrayBuffer();
    return response.status;
  }
  const problem = await describeResponseProblem(request, response);
  if (problem !== null) throw new Error(`${method} ${path}: ${problem}`);
  return response.status;
}
