import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { formatPageCsp, PAGE_PATHS, SITE_HEADERS } from "../../src/lib/http/security-headers.ts";

/**
 * The security headers over real HTTP on the production server, as the
 * MDN HTTP Observatory reads them (its install downloads lists, so it
 * cannot run here): every page of the build carries the pages' policy and
 * the site's headers and holds nothing the policy would block, and every
 * kind of answer carries nosniff.
 */
const base = inject("baseUrl");
const DIST = join(inject("siteRoot"), "dist");

/** Each HTML file of the build with the URL path it is served at (`/docs/index.html` → `/docs/`). */
function listPages(): { file: string; path: string }[] {
  return readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      const path = `/${relative(DIST, file).split(sep).join("/")}`.replace(/index\.html$/, "");
      return { file, path };
    });
}

/** True for a path the pages' policy is declared on; a page elsewhere (a CMS under /admin/) brings its own from netlify.toml. */
const isUnderPagePaths = (path: string) => PAGE_PATHS.some((rule) => (rule.endsWith("/*") ? path.startsWith(rule.slice(0, -1)) : path === rule));

async function headersOf(path: string, init: RequestInit = {}): Promise<Headers> {
  const response = await fetch(base + path, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return response.headers;
}

describe("security headers of the pages", () => {
  const pages = listPages();

  it("finds every kind of page in the build", () => {
    const paths = pages.map((page) => page.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/docs/", "/reviews/", "/reviews/page/2/"]));
    expect(paths.filter((path) => /^\/reviews\/[^/]+\/$/.test(path) && !path.startsWith("/reviews/page/")).length).toBeGreaterThan(10);
  });

  it("sends a policy and the site's headers with every page of the build, the pages' own under the page paths", async () => {
    const missing: string[] = [];
    for (const { path } of pages) {
      const headers = await headersOf(path);
      const csp = headers.get("content-security-policy");
      if (isUnderPagePaths(path) ? csp !== formatPageCsp() : csp === null) missing.push(`${path}: Content-Security-Policy ${csp}`);
      for (const [name, value] of Object.entries(SITE_HEADERS)) if (headers.get(name) !== value) missing.push(`${path}: ${name} ${headers.get(name)}`);
    }
    expect(missing).toEqual([]);
  });

  it("has pages that hold nothing their policy blocks: no inline script but JSON-LD data, no inline style, no event-handler attribute, nothing from another origin", () => {
    const found: string[] = [];
    for (const { file, path } of pages.filter((page) => isUnderPagePaths(page.path))) {
      const html = readFileSync(file, "utf8");
      for (const [tag] of html.matchAll(/<script\b[^>]*>/gi))
        if (!/\bsrc="\/[^/]/.test(tag) && !/type="application\/ld\+json"/.test(tag)) found.push(`${path}: ${tag}`);
      if (/<style\b/i.test(html)) found.push(`${path}: <style>`);
      for (const [attribute] of html.matchAll(/\s(?:style|on[a-z]+)="[^"]*"/gi)) found.push(`${path}:${attribute}`);
      // What a browser loads: scripts, images and the stylesheet, icon and preload links (canonical and feed links are not fetched).
      const loads = [
        ...html.matchAll(/<(?:script|img)\b[^>]*\ssrc="([^"]+)"/gi),
        ...html.matchAll(/<link\b(?=[^>]*\srel="(?:stylesheet|icon|preload|modulepreload)")[^>]*\shref="([^"]+)"/gi),
      ].map((match) => match[1]!);
      for (const url of loads) if (!/^\/[^/]/.test(url) && !url.startsWith("data:")) found.push(`${path}: loads ${url}`);
    }
    expect(found).toEqual([]);
  });

  it("passes what the Observatory checks of the home page, HTTPS redirect and HSTS aside", async () => {
    const response = await fetch(`${base}/`);
    const html = await response.text();
    const { headers } = response;
    expect(headers.get("content-security-policy")).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(headers.get("content-security-policy")).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(headers.get("referrer-policy"));
    expect(headers.get("set-cookie")).toBeNull();
    expect(headers.get("strict-transport-security")).toMatch(/^max-age=\d{8,}/);
    // Subresource integrity: every script is this origin's own.
    for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) expect(src).toMatch(/^\/[^/]/);
  });

  it("sends the not-found page, a function's answer, with the pages' headers", async () => {
    const headers = await headersOf("/no/such/page", { headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(headers.get("content-security-policy")).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self' 'sha256-/);
    for (const [name, value] of Object.entries(SITE_HEADERS)) expect(headers.get(name), name).toBe(value);
  });
});

describe("nosniff on every kind of answer", () => {
  const mcp = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  it.each<[string, string, RequestInit]>([
    ["a dataset", "/reviews.json", {}],
    ["the Atom feed", "/feed.xml", {}],
    ["a stylesheet", "/docs/", {}],
    ["a 304 of a dataset", "/reviews.json", { headers: { "If-None-Match": "*" } }],
    ["a 405 of a file", "/reviews.json", { method: "DELETE" }],
    ["a preflight of a file", "/reviews.json", { method: "OPTIONS" }],
    ["a search", "/api/reviews/search?rating=5", {}],
    ["a search 400", "/api/reviews/search?rating=9", {}],
    ["a search 304", "/api/reviews/search?rating=5", { headers: { "If-None-Match": "*" } }],
    ["a since 400", "/api/reviews/since/yesterday", {}],
    ["a JSON 404", "/no/such/page", {}],
    ["a redirect", "/reviews/page/1/", {}],
    ["an MCP call", "/mcp", { method: "POST", headers: mcp, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) }],
    ["an MCP parse error", "/mcp", { method: "POST", headers: mcp, body: "{" }],
    ["an MCP 405", "/mcp", {}],
    ["an MCP preflight", "/mcp", { method: "OPTIONS" }],
    ["a hub 400", "/api/websub/hub", { method: "POST", headers: form, body: "hub.mode=subscribe" }],
    ["a hub 415", "/api/websub/hub", { method: "POST", body: "{}" }],
  ])("%s (%s)", async (_name, path, init) => {
    expect((await headersOf(path, init)).get("x-content-type-options")).toBe("nosniff");
  });

  it("on the files the pages load", async () => {
    const html = await (await fetch(`${base}/reviews/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) expect((await headersOf(asset)).get("x-content-type-options"), asset).toBe("nosniff");
  });
});
