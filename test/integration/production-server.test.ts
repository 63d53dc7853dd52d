import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getStore } from "@netlify/blobs";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { createSiteUrls } from "../../src/lib/dataset/site-urls.ts";
import { subscriptionKey } from "../../src/lib/websub/keys.ts";
import { startLocalBlobs } from "../../src/server/local-blobs.ts";
import { findFreePort } from "../support/free-port.ts";
import { startHttpsSubscriber } from "../support/https-subscriber.ts";
import { startServer } from "../support/run-node.ts";

/**
 * The production server (`npm run serve`) over real HTTP: the shared server
 * of the integration run for what any request shows, and servers of its own
 * (own port, own Blobs folder) for rate limits, restarts and shutdown.
 */
const base = inject("baseUrl");
const serverEnv = inject("serverEnv");
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Sends raw bytes and returns the status code of the answer (the server may close right after). */
function rawStatus(request: string | Buffer): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`closed without a status: ${JSON.stringify(answer.slice(0, 200))}`)));
    socket.write(request);
  });
}

/** The whole answer to a raw request on a connection the server closes after it: status and JSON body. */
function rawAnswer(request: string): Promise<{ status: number; body: { error?: string } }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status === null) return reject(new Error(`closed without a status: ${JSON.stringify(answer.slice(0, 200))}`));
      resolve({ status: Number(status[1]), body: JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { error?: string } });
    });
    socket.write(request);
  });
}

/** A server of this test's own, with its own Blobs folder unless one is given. */
async function startOwnServer(env: Record<string, string> = {}) {
  const port = await findFreePort();
  const blobsDir = env.BLOBS_DIR ?? mkdtempSync(join(tmpdir(), "server-blobs-"));
  if (env.BLOBS_DIR === undefined) scratch.push(blobsDir);
  const server = await startServer(
    { ...serverEnv, RATE_LIMITS: "on", PORT: String(port), BLOBS_DIR: blobsDir, ...env },
    "scripts/serve.mjs",
    inject("siteRoot"),
  );
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
  return {
    url: server.url,
    blobsDir,
    output: server.output,
    stop: async () => {
      server.child.kill("SIGTERM");
      return exited;
    },
  };
}

describe("production server: static files", () => {
  it.each(["POST", "PUT", "DELETE", "PATCH"])("answers %s to a published file with 405 and Allow", async (method) => {
    const response = await fetch(`${base}/reviews.json`, { method, body: method === "DELETE" ? undefined : "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await response.json()).toMatchObject({ error: "method_not_allowed" });
  });

  it("answers OPTIONS to a published file as a CORS preflight", async () => {
    const response = await fetch(`${base}/api/feed.json`, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const)("compresses with %s when asked, with Vary, its own ETag and 304s", async (coding, decompress) => {
    const plain = await fetch(`${base}/reviews.json`, { headers: { "Accept-Encoding": "identity" } });
    const identity = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    const { hostname, port } = new URL(base);
    // node:http does not decompress, so the encoded bytes are seen as sent.
    const { request } = await import("node:http");
    const encoded = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      request({ host: hostname, port, path: "/reviews.json", headers: { "Accept-Encoding": coding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });
    expect(encoded.headers["content-encoding"]).toBe(coding);
    expect(encoded.headers.vary).toBe("Accept-Encoding");
    expect(encoded.headers.etag).toBe(`${plain.headers.get("etag")!.slice(0, -1)}-${coding}"`);
    expect(decompress(encoded.body).equals(identity)).toBe(true);
    const again = await fetch(`${base}/reviews.json`, { headers: { "Accept-Encoding": coding, "If-None-Match": encoded.headers.etag as string } });
    expect(again.status).toBe(304);
  });

  it("answers HEAD with the GET's headers and length, and no body", async () => {
    const get = await fetch(`${base}/feed.xml`, { headers: { "Accept-Encoding": "identity" } });
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(`${base}/feed.xml`, { method: "HEAD", headers: { "Accept-Encoding": "identity" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(length));
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(await head.text()).toBe("");
  });
});

describe("production server: routing", () => {
  it.each(["/api/reviews/SEARCH", "/API/reviews/search", "/Mcp"])("does not match %s to a function (paths are case-sensitive)", async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(404);
  });

  it("sends browsers an HTML 404 and API clients the JSON one", async () => {
    const html = await fetch(`${base}/no/such/page`, { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(html.status).toBe(404);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await html.text()).toContain("Page not found");
    const json = await fetch(`${base}/no/such/page`);
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ error: "not_found" });
  });

  it.each([
    ["/reviews/page/1/", "/reviews/"],
    ["/reviews/page/1", "/reviews/"],
    ["/reviews/page/1/?rating=5&technician=dana-okafor", "/reviews/?rating=5&technician=dana-okafor"],
  ])("leads %s to the first list page at %s", async (path, location) => {
    const response = await fetch(base + path, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(location);
    const followed = await fetch(base + path);
    expect(followed.status).toBe(200);
    expect(new URL(followed.url).pathname).toBe("/reviews/");
  });

  it("answers many concurrent requests correctly, with their answers coalesced under load", async () => {
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" };
    const calls = Array.from({ length: 80 }, (_, id) =>
      fetch(`${base}/mcp`, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "search_reviews", arguments: { rating: 5, limit: 1 + (id % 4) } } }),
      }).then(async (response) => ({
        id,
        status: response.status,
        body: (await response.json()) as { id: number; result: { structuredContent: { reviews: unknown[] } } },
      })),
    );
    const searches = Array.from({ length: 40 }, (_, i) =>
      fetch(`${base}/api/reviews/search?limit=${1 + (i % 5)}`).then(async (response) => ({
        i,
        status: response.status,
        body: (await response.json()) as { reviews: unknown[] },
      })),
    );
    for (const { id, status, body } of await Promise.all(calls)) {
      expect(status).toBe(200);
      expect(body.id).toBe(id);
      expect(body.result.structuredContent.reviews).toHaveLength(1 + (id % 4));
    }
    for (const { i, status, body } of await Promise.all(searches)) {
      expect(status).toBe(200);
      expect(body.reviews).toHaveLength(1 + (i % 5));
    }
  });

  it("runs the scheduled function at its Netlify path for local callers", async () => {
    const response = await fetch(`${base}/.netlify/functions/websub-retry`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty("active");
  });
});

describe("production server: hostile HTTP gets clean 4xx answers", () => {
  const host = `Host: ${new URL(base).host}\r\n`;
  it.each([
    ["a 9,000-character URL", 414, `GET /api/reviews/search?q=${"a".repeat(9000)} HTTP/1.1\r\n${host}\r\n`],
    ["20 KiB of headers", 431, `GET / HTTP/1.1\r\n${host}X-Big: ${"b".repeat(20_000)}\r\n\r\n`],
    [
      "a declared 7 MB body",
      413,
      `POST /api/websub/hub HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 7000000\r\n\r\nhub.mode=`,
    ],
    ["an invalid Host header", 400, "GET / HTTP/1.1\r\nHost: a b\r\n\r\n"],
    ["a request line that is not HTTP", 400, "HELLO\r\n\r\n"],
    ["bad percent-encoding in the path", 400, `GET /api/reviews/since/%E0%A4%A HTTP/1.1\r\n${host}\r\n`],
    ["bad percent-encoding in a file path", 404, `GET /%E0%A4%A.json HTTP/1.1\r\n${host}\r\n`],
    ["bad percent-encoding in the query", 400, `GET /api/reviews/search?query=%E0%A4%A HTTP/1.1\r\n${host}\r\n`],
    ["a percent sign not followed by two hex digits in the query", 400, `GET /api/reviews/search?query=%ZZ HTTP/1.1\r\n${host}\r\n`],
  ])("%s → %i", async (_name, status, request) => {
    expect(await rawStatus(request)).toBe(status);
  });

  it.each([
    ["a 9,000-character URL", 414, "uri_too_long", `GET /api/reviews/search?q=${"a".repeat(9000)} HTTP/1.1\r\n${host}\r\n`],
    ["a 40,000-character URL (past what the parser reads)", 414, "uri_too_long", `GET /api/reviews/search?q=${"a".repeat(40_000)} HTTP/1.1\r\n${host}\r\n`],
    ["a 200,000-character URL", 414, "uri_too_long", `GET /${"a".repeat(200_000)} HTTP/1.1\r\n${host}\r\n`],
    ["one 20 KiB header", 431, "request_header_fields_too_large", `GET / HTTP/1.1\r\n${host}X-Big: ${"b".repeat(20_000)}\r\n\r\n`],
    ["one 100 KiB header", 431, "request_header_fields_too_large", `GET / HTTP/1.1\r\n${host}X-Big: ${"b".repeat(100_000)}\r\n\r\n`],
    [
      "2,000 small headers",
      431,
      "request_header_fields_too_large",
      `GET / HTTP/1.1\r\n${host}${Array.from({ length: 2000 }, (_, i) => `X-H${i}: v\r\n`).join("")}\r\n`,
    ],
    ["a request line that is not HTTP", 400, "bad_request", "HELLO\r\n\r\n"],
    ["an unknown method", 400, "bad_request", `FOO /reviews.json HTTP/1.1\r\n${host}\r\n`],
    ["CONNECT (this is no proxy)", 400, "bad_request", `CONNECT /reviews.json HTTP/1.1\r\n${host}\r\n`],
    ["CONNECT in authority form", 400, "bad_request", `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`],
    ["two Host headers (RFC 9112 §3.2)", 400, "bad_request", `GET /reviews.json HTTP/1.1\r\n${host}Host: evil.example\r\n\r\n`],
    ["two Host headers naming the same host", 400, "bad_request", `GET /reviews.json HTTP/1.1\r\n${host}${host}\r\n`],
    ["no Host header in HTTP/1.1", 400, "bad_request", "GET /reviews.json HTTP/1.1\r\n\r\n"],
    ["the * target with GET (RFC 9112 §3.2.4)", 400, "bad_request", `GET * HTTP/1.1\r\n${host}\r\n`],
  ])("%s → %i with a JSON error body, and the connection closed", async (_name, status, error, request) => {
    expect(await rawAnswer(request)).toEqual({ status, body: { error, message: expect.any(String) } });
  });

  it("answers OPTIONS * with the server's methods and no content (RFC 9110 §9.3.7)", async () => {
    const { hostname, port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString("latin1")));
      socket.on("error", reject);
      socket.on("close", () => resolve(text));
      socket.write(`OPTIONS * HTTP/1.1\r\n${host}Connection: close\r\n\r\n`);
    });
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\nallow: GET, HEAD, POST, DELETE, OPTIONS\r\n/i);
    expect(head).toMatch(/\r\ncontent-length: 0\r\n/i);
    expect(body).toBe("");
  });

  it.each(["__proto__=x", "constructor=NaN", "toString=1"])("refuses ?%s on search as an unknown parameter", async (query) => {
    const response = await fetch(`${base}/api/reviews/search?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ code: "unknown_parameter", path: [query.split("=")[0]] }] });
  });

  it("answers 408 to a client that never finishes its headers (10 s)", { timeout: 30_000 }, async () => {
    const started = Date.now();
    expect(await rawStatus(`GET / HTTP/1.1\r\n${host}X-Slow: 1\r\n`)).toBe(408);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it.each(["constructor=NaN", "__proto__=x", "__proto__[x]=1", "constructor.prototype=1", "toString=1"])("answers ?%s without a 5xx", async (query) => {
    for (const path of ["/api/reviews/search", "/api/reviews/since/2026-01-01", "/reviews.json"]) {
      const response = await fetch(`${base}${path}?${query}`);
      expect(response.status, path).toBeLessThan(500);
      await response.arrayBuffer();
    }
  });
});

/** Sends a POST that declares a 1,000-byte body, sends 20 bytes, and closes the connection. */
function abortMidBody(url: string, path: string, contentType: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: 1000\r\n\r\n${"x".repeat(20)}`);
      setTimeout(() => socket.destroy(), 100);
    });
    socket.on("error", reject);
    socket.on("close", () => resolve());
  });
}

describe("production server: its own instances", { timeout: 120_000 }, () => {
  it("lists the pages and endpoints at start, and logs a client that aborts mid-body in one line, with no stack trace", async () => {
    const server = await startOwnServer();
    try {
      await vi.waitFor(() => expect(server.output()).toContain(`${server.url}/api/websub/hub `));
      const startup = server.output();
      for (const path of ["/", "/reviews/", "/docs/", "/reviews.json", "/mcp", "/api/websub/hub"]) expect(startup).toContain(`${server.url}${path} `);
      for (let i = 0; i < 5; i += 1) {
        await abortMidBody(server.url, "/mcp", "application/json");
        await abortMidBody(server.url, "/api/websub/hub", "application/x-www-form-urlencoded");
      }
      const expected = 10;
      await vi.waitFor(() => expect(server.output().slice(startup.length).trim().split("\n")).toHaveLength(expected), { timeout: 10_000 });
      const lines = server.output().slice(startup.length).trim().split("\n");
      expect(lines.filter((line) => line.startsWith("POST /mcp: the client closed the connection before sending the whole body"))).toHaveLength(5);
      expect(lines.filter((line) => line.startsWith("POST /api/websub/hub: the client closed the connection before sending the whole body"))).toHaveLength(5);
      // And the server is fine: the next requests are answered.
      expect((await fetch(`${server.url}/api/reviews/search?limit=1`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("enforces a function's rateLimit per client IP (the hub: 30 a minute), counting proxied clients apart", async () => {
    const server = await startOwnServer({ TRUSTED_PROXY_HEADER: "x-forwarded-for" });
    try {
      const hub = (ip: string) => fetch(`${server.url}/api/websub/hub`, { headers: { "X-Forwarded-For": `203.0.113.9, ${ip}` } });
      // The limiter counts in fixed windows aligned to the minute (as Netlify's do): 31 requests that straddle a
      // boundary are two windows' worth, and none is refused. Start early in a window.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
      const statuses = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await hub("198.51.100.1")).status);
      expect(statuses.slice(0, 30).every((status) => status === 405)).toBe(true);
      const limited = await hub("198.51.100.1");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await hub("198.51.100.2")).status).toBe(405);
      // A caller behind the proxy may not trigger the deploy and schedule functions.
      expect((await fetch(`${server.url}/.netlify/functions/websub-retry`, { method: "POST", headers: { "X-Forwarded-For": "198.51.100.3" } })).status).toBe(
        404,
      );
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("keeps Blobs on disk across a restart: an MCP session ended before it stays ended, one still open stays valid", async () => {
    const mcp = (url: string, body: object, session?: string, method = "POST") =>
      fetch(`${url}/mcp`, {
        method,
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          "MCP-Protocol-Version": "2025-06-18",
          ...(session ? { "Mcp-Session-Id": session } : {}),
        },
        body: method === "POST" ? JSON.stringify(body) : undefined,
      });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const list = { jsonrpc: "2.0", id: 2, method: "tools/list" };
    const first = await startOwnServer();
    const open = (await mcp(first.url, initialize)).headers.get("mcp-session-id")!;
    const ended = (await mcp(first.url, initialize)).headers.get("mcp-session-id")!;
    expect((await mcp(first.url, {}, ended, "DELETE")).status).toBe(204);
    expect(await first.stop()).toBe(0);

    const second = await startOwnServer({ BLOBS_DIR: first.blobsDir });
    try {
      expect((await mcp(second.url, list, open)).status).toBe(200);
      expect((await mcp(second.url, list, ended)).status).toBe(404);
    } finally {
      await second.stop();
    }
    const elsewhere = await startOwnServer();
    try {
      expect((await mcp(elsewhere.url, list, open)).status).toBe(404); // another Blobs folder: another secret
    } finally {
      await elsewhere.stop();
    }
  });

  it("on SIGTERM, finishes a verification still waiting on its callback before exiting, and the subscription is on disk", async () => {
    const tlsDir = inject("websubTlsDir");
    const tls = {
      caPem: readFileSync(join(tlsDir, "ca.pem"), "utf8"),
      certPem: readFileSync(join(tlsDir, "cert.pem"), "utf8"),
      keyPem: readFileSync(join(tlsDir, "key.pem"), "utf8"),
    };
    const subscriber = await startHttpsSubscriber(tls);
    const server = await startOwnServer();
    const topic = createSiteUrls(serverEnv.SITE_URL!).atomFeed;
    const callback = subscriber.url("/slow");
    try {
      subscriber.setBehaviour("/slow", { verifyDelayMs: 3000 });
      const accepted = await fetch(`${server.url}/api/websub/hub`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "hub.mode": "subscribe", "hub.topic": topic, "hub.callback": callback }),
      });
      expect(accepted.status).toBe(202);
      await subscriber.waitFor((requests) => requests.some((r) => r.path.startsWith("/slow")));
      const started = Date.now();
      expect(await server.stop()).toBe(0);
      expect(Date.now() - started).toBeGreaterThan(1500); // it waited for the callback's answer
    } finally {
      await subscriber.close();
    }
    const blobs = await startLocalBlobs(server.blobsDir, { siteID: "local" });
    try {
      const record = await getStore({ name: "websub", consistency: "strong" }).get(subscriptionKey(topic, callback), { type: "json" });
      expect(record).toMatchObject({ state: "active" });
    } finally {
      await blobs.stop();
    }
  });
});
