/** `npm run serve`: serves the last build on one port (PORT, default 8888; HOST, default 127.0.0.1). */
import { join } from "node:path";
import { getHost, getPort, getSiteUrl } from "../src/platform/env.ts";
import { startLocalServer } from "./local-server.ts";

process.env.SITE_URL ??= getSiteUrl();
const local = await startLocalServer({ port: getPort(), host: getHost(), projectRoot: join(import.meta.dirname, "..") });
const base = local.url;
const endpoints = [
  ["GET ", "/", "home page"],
  ["GET ", "/reviews.json", "reviews dataset (WebSub topic)"],
  ["GET ", "/insights.json", "insights dataset"],
  ["GET ", "/api/feed.json", "JSON Feed 1.1 (WebSub topic)"],
  ["GET ", "/feed.xml", "Atom feed (WebSub topic)"],
  ["GET ", "/openapi.json", "OpenAPI 3.1 description"],
  ["GET ", "/api/reviews/search", "review search"],
  ["GET ", "/api/reviews/since/{date}", "reviews since a date"],
  ["POST", "/mcp", "MCP server (streamable HTTP)"],
  ["POST", "/api/websub/hub", "WebSub hub"],
];
console.log(`Keystone reviews service listening on ${base} (links use SITE_URL ${process.env.SITE_URL})`);
for (const [method, path, what] of endpoints) console.log(`  ${method} ${base}${path}  ${what}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void local.close().finally(() => process.exit(0));
  });
}
