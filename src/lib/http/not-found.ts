import { findListPageAlias } from "../reviews-list/paginate.ts";
import { CORS_HEADERS } from "./cors.ts";
import { errorResponse, movedPermanently } from "./json-response.ts";
import { parseQualityValues } from "./quality-values.ts";
import { hashInlineBlock, pageHeaders } from "./security-headers.ts";

const NOT_FOUND_MESSAGE = "No resource at this path. See /openapi.json for the endpoints this service offers.";

/**
 * True when the client asks for HTML by name and weighs it at least as much
 * as JSON: a browser's navigation (`text/html,...,*\/*;q=0.8`). `*\/*` alone
 * (curl, fetch) keeps the JSON error of the API.
 */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null) return false;
  const ranges = parseQualityValues(accept);
  const html = ranges.get("text/html") ?? 0;
  if (html === 0) return false;
  return html >= (ranges.get("application/json") ?? 0);
}

/** The page's only style, inline: a function's answer cannot link the site's hashed CSS file. Its CSP admits it by hash. */
const NOT_FOUND_STYLE = "body{font:1.1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2933}a{color:#0b5cad}";
const NOT_FOUND_PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  Vary: "Accept",
  ...CORS_HEADERS,
  ...pageHeaders([hashInlineBlock(NOT_FOUND_STYLE)]),
};

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found</title>
<style>${NOT_FOUND_STYLE}</style>
</head>
<body>
<main>
<h1>Page not found</h1>
<p>There is no page at this address.</p>
<p><a href="/">Go to the home page</a> or read <a href="/docs">the API documentation</a>.</p>
</main>
</body>
</html>
`;

/**
 * The answer for a path nothing serves: an HTML page for browsers, the JSON
 * error for everyone else. It varies by `Accept`, so caches keep both.
 */
export function notFoundResponse(request: Request): Response {
  if (prefersHtml(request.headers.get("accept"))) {
    return new Response(request.method === "HEAD" ? null : NOT_FOUND_PAGE, {
      status: 404,
      headers: NOT_FOUND_PAGE_HEADERS,
    });
  }
  const response = errorResponse(404, "not_found", NOT_FOUND_MESSAGE, { Vary: "Accept" });
  return request.method === "HEAD" ? new Response(null, { status: 404, headers: response.headers }) : response;
}

/**
 * The answer for a path that no file or other function serves: a GET or
 * HEAD of another address of a page (`/reviews/page/1/`) is sent to the
 * page, query kept; anything else is notFoundResponse.
 */
export function answerUnknownPath(request: Request): Response {
  const url = new URL(request.url);
  const alias = request.method === "GET" || request.method === "HEAD" ? findListPageAlias(url.pathname) : null;
  return alias === null ? notFoundResponse(request) : movedPermanently(`${alias}${url.search}`);
}
