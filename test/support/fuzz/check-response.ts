/**
 * What every response of a function endpoint must be, whatever the request:
 * never a 5xx; no body on HEAD, 204 and 304 (none needed on 202 and 301); and any other body is
 * well-formed JSON with a JSON content type, since every function promises
 * JSON. Returns the problem, or null.
 */
export async function describeResponseProblem(request: Request, response: Response): Promise<string | null> {
  if (response.status >= 500) return `status ${response.status}: ${await response.text()}`;
  const body = await response.text();
  if (request.method === "HEAD" || response.status === 204 || response.status === 304) {
    return body === "" ? null : `status ${response.status} to ${request.method} carries a body`;
  }
  if (body === "") return response.status === 202 || response.status === 301 ? null : `status ${response.status} with an empty body`;
  const type = response.headers.get("content-type") ?? "";
  if (!/^application\/([a-z.+-]+\+)?json\b/.test(type)) return `status ${response.status} with content type "${type}"`;
  try {
    JSON.parse(body);
  } catch {
    return `status ${response.status} with a body that is not JSON: ${body.slice(0, 120)}`;
  }
  return null;
}
