import type { ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createSiteUrls } from "../../src/lib/dataset/site-urls.ts";
import { findFreePort } from "../support/free-port.ts";
import { startServer, stopProcess } from "../support/run-node.ts";

/**
 * Parity: the same requests to the production server (the shared server of
 * the integration run) and to Netlify's emulation (`npm run serve:netlify`)
 * on the same dist/ and SITE_URL get the same status, body and values of the
 * headers that matter. Requests ask for no compression: the emulation does
 * not compress (the production server's encodings are tested on their own).
 */
const production = inject("baseUrl");
const serverEnv = inject("serverEnv");
const urls = createSiteUrls(serverEnv.SITE_URL!);
const HEADERS = [
  "content-type",
  "etag",
  "last-modified",
  "cache-control",
  "link",
  "allow",
  "vary",
  "access-control-allow-origin",
  "access-control-expose-headers",
  "access-control-allow-methods",
  "access-control-allow-headers",
  "retry-after",
  "location",
  "x-content-type-options",
  "content-security-policy",
  "x-frame-options",
  "referrer-policy",
  "strict-transport-security",
];
/** A review's own page, as the build wrote it. */
const siteRoot = inject("siteRoot");
const REVIEW_PAGE = `/reviews/${readdirSync(join(siteRoot, "dist/reviews")).find((name) => name !== "page" && !name.includes("."))}/`;

let emulation: { child: ChildProcess; url: string };

beforeAll(async () => {
  const port = await findFreePort();
  emulation = await startServer({ ...serverEnv, PORT: String(port) }, "scripts/serve-netlify.ts", siteRoot);
}, 120_000);

afterAll(async () => {
  if (emulation) await stopProcess(emulation.child);
});

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

/** node:http, so nothing is added (fetch adds Accept-Encoding) and nothing is decoded. */
function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: { "Accept-Encoding": "identity", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: Object.fromEntries(HEADERS.map((name) => [name, res.headers[name] === undefined ? undefined : String(res.headers[name])])),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const mcpHeaders = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" };
const form = { "Content-Type": "application/x-www-form-urlencoded" };
const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "parity", version: "1" } },
});
const toolsCall = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "search_reviews", arguments: { rating: 5, limit: 3 } } });

const CASES: ReadonlyArray<[string, string, Record<string, string>?, string?]> = [
  ["GET", "/"],
  ["GET", "/index.html"],
  ["GET", "/docs/"],
  ["GET", "/reviews/"],
  ["GET", "/reviews/page/2/"],
  ["GET", REVIEW_PAGE],
  ["HEAD", "/reviews/"],
  ["GET", "/reviews.json"],
  ["GET", "/insights.json"],
  ["GET", "/api/feed.json"],
  ["GET", "/feed.xml"],
  ["GET", "/openapi.json"],
  ["HEAD", "/reviews.json"],
  ["HEAD", "/api/reviews/search?rating=5"],
  ["OPTIONS", "/reviews.json"],
  ["OPTIONS", "/api/reviews/search"],
  ["OPTIONS", "/mcp"],
  ["POST", "/reviews.json", form, "x=1"],
  ["PUT", "/feed.xml", {}, "x"],
  ["DELETE", "/api/feed.json"],
  ["GET", "/api/reviews/search?rating=5&limit=3"],
  ["GET", "/api/reviews/search?query=chimney&limit=2"],
  ["GET", "/api/reviews/search?rating=9"],
  ["GET", "/api/reviews/search?nope=1"],
  ["GET", "/api/reviews/search?limit=abc"],
  ["POST", "/api/reviews/search", form, "rating=5"],
  ["GET", "/api/reviews/since/2026-01-01"],
  ["GET", "/api/reviews/since/2026-13-45"],
  ["GET", "/api/reviews/since/yesterday"],
  ["DELETE", "/api/reviews/since/2026-01-01"],
  ["GET", "/api/reviews/SEARCH"],
  ["GET", "/reviews/page/1/?rating=5"],
  ["GET", "/nope"],
  ["GET", "/nope", { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" }],
  ["POST", "/nope", {}, "x"],
  ["GET", "/mcp"],
  ["POST", "/mcp", mcpHeaders, initialize],
  ["POST", "/mcp", mcpHeaders, toolsCall],
  ["POST", "/mcp", mcpHeaders, "{not json"],
  ["POST", "/mcp", { "Content-Type": "application/json" }, toolsCall],
  ["GET", "/api/websub/hub"],
  ["POST", "/api/websub/hub", form, "hub.mode=subscribe"],
  ["POST", "/api/websub/hub", { "Content-Type": "application/json" }, "{}"],
  [
    "POST",
    "/api/websub/hub",
    form,
    new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": urls.atomFeed, "hub.callback": "http://127.0.0.1:9/plain" }).toString(),
  ],
  [
    "POST",
    "/api/websub/hub",
    form,
    new URLSearchParams({
      "hub.mode": "subscribe",
      "hub.topic": urls.reviews,
      "hub.callback": "https://127.0.0.1:9/parity",
      "hub.lease_seconds": "600",
    }).toString(),
  ],
];

describe("parity: production server and Netlify emulation", { timeout: 60_000 }, () => {
  it.each(CASES)("%s %s", async (method, path, headers = {}, body = undefined) => {
    const [ours, theirs] = [await send(production, method, path, headers, body), await send(emulation.url, method, path, headers, body)];
    expect(ours).toEqual(theirs);
  });

  it.each(["/reviews.json", "/feed.xml", "/api/reviews/search?rating=4", "/api/reviews/since/2026-06-01"])(
    "answers a conditional GET %s alike (304 for the current tag)",
    async (path) => {
      const first = await send(production, "GET", path, {});
      const etag = first.headers.etag!;
      expect(etag).toMatch(/^"/);
      const [ours, theirs] = [
        await send(production, "GET", path, { "If-None-Match": etag }),
        await send(emulation.url, "GET", path, { "If-None-Match": etag }),
      ];
      expect(ours.status).toBe(304);
      expect(ours).toEqual(theirs);
    },
  );
});
