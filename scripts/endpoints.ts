/** The endpoint list both servers print at start-up. */
const ENDPOINTS = [
  ["GET ", "/", "home page"],
  ["GET ", "/reviews/", "every review, 20 to a page, with filters"],
  ["GET ", "/docs/", "developer docs: API reference, MCP and WebSub"],
  ["GET ", "/reviews.json", "reviews dataset (WebSub topic)"],
  ["GET ", "/insights.json", "insights dataset"],
  ["GET ", "/api/feed.json", "JSON Feed 1.1 (WebSub topic)"],
  ["GET ", "/feed.xml", "Atom feed (WebSub topic)"],
  ["GET ", "/openapi.json", "OpenAPI 3.1 description"],
  ["GET ", "/api/reviews/search", "review search"],
  ["GET ", "/api/reviews/since/{date}", "reviews since a date"],
  ["POST", "/mcp", "MCP server (streamable HTTP)"],
  ["POST", "/api/websub/hub", "WebSub hub"],
] as const;

export function printEndpoints(what: string, base: string, siteUrl: string): void {
  console.log(`${what} listening on ${base} (links use SITE_URL ${siteUrl})`);
  for (const [method, path, description] of ENDPOINTS) console.log(`  ${method} ${base}${path}  ${description}`);
}
