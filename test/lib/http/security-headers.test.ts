import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { notFoundResponse } from "../../../src/lib/http/not-found.ts";
import { formatPageCsp, hashInlineBlock, pageHeaders, SITE_HEADERS } from "../../../src/lib/http/security-headers.ts";
import { formatHeadersFile, listStaticHeaderRules } from "../../../src/lib/http/static-headers.ts";
import { createSiteUrls } from "../../../src/lib/dataset/site-urls.ts";

/** A policy as directive → sources (CSP3 §2.2.1: directives split on ";", sources on whitespace). */
function parseCsp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name !== "")
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** The checks the MDN HTTP Observatory makes of a policy, for the verdicts that pass it with the bonus. */
function describeCspProblems(policy: string): string[] {
  const csp = parseCsp(policy);
  const fallback = (name: string) => csp.get(name) ?? csp.get("default-src") ?? ["*"];
  const broad = new Set(["*", "http:", "https:", "ftp:", "http://*", "https://*"]);
  const problems: string[] = [];
  if (fallback("script-src").some((source) => broad.has(source) || source === "'unsafe-inline'" || source === "data:")) problems.push("script-src is unsafe");
  if (fallback("script-src").includes("'unsafe-eval'")) problems.push("script-src allows eval");
  if (fallback("object-src").some((source) => broad.has(source))) problems.push("object-src is broad");
  if (fallback("style-src").some((source) => broad.has(source) || source === "'unsafe-inline'" || source === "data:")) problems.push("style-src is unsafe");
  if (csp.get("default-src")?.join(" ") !== "'none'") problems.push("default-src is not 'none'");
  if ((csp.get("frame-ancestors") ?? ["*"]).some((source) => broad.has(source))) problems.push("frame-ancestors is missing or broad");
  if ((csp.get("base-uri") ?? ["*"]).some((source) => broad.has(source) || source === "'unsafe-inline'")) problems.push("base-uri is missing or broad");
  if ((csp.get("form-action") ?? ["*"]).some((source) => broad.has(source))) problems.push("form-action is missing or broad");
  return problems;
}

describe("the pages' security headers", () => {
  it("have a policy the Observatory passes with default-src 'none', and scripts from this origin only", () => {
    expect(describeCspProblems(formatPageCsp())).toEqual([]);
    expect(parseCsp(formatPageCsp()).get("script-src")).toEqual(["'self'"]);
  });

  it("admit an inline style by its hash only", () => {
    const csp = parseCsp(formatPageCsp([hashInlineBlock("a{color:red}")]));
    expect(csp.get("style-src")).toEqual(["'self'", `'sha256-${createHash("sha256").update("a{color:red}").digest("base64")}'`]);
    expect(describeCspProblems(formatPageCsp([hashInlineBlock("a{color:red}")]))).toEqual([]);
  });

  it.each([
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ])("send %s: %s on every file", (name, value) => {
    expect(SITE_HEADERS[name]).toBe(value);
  });

  it("declare HSTS for at least the six months the Observatory asks", () => {
    const maxAge = Number(/max-age=(\d+)/.exec(SITE_HEADERS["Strict-Transport-Security"]!)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(15_768_000);
  });

  it("go into _headers once each: the site's on /*, the policy on the page paths, no name in two rules for one path", () => {
    const rules = listStaticHeaderRules(createSiteUrls("https://reviews.example"), "2026-01-01");
    expect(rules[0]).toEqual({ path: "/*", headers: SITE_HEADERS });
    const file = formatHeadersFile(rules);
    expect(file.match(/^ {2}Content-Security-Policy: /gm)).toHaveLength(4);
    for (const rule of rules.slice(1)) for (const name of Object.keys(rule.headers)) expect(Object.keys(SITE_HEADERS)).not.toContain(name);
  });
});

describe("the not-found page, a function's answer", () => {
  it("carries the pages' headers, its inline style admitted by the hash of exactly that style", async () => {
    const response = notFoundResponse(new Request("https://reviews.example/nope", { headers: { Accept: "text/html" } }));
    const html = await response.text();
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    const expected = pageHeaders([hashInlineBlock(style)]);
    for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
    expect(html).not.toMatch(/<script|\sstyle=|\son\w+=/i);
  });

  it("sends nosniff with the JSON error too", () => {
    expect(notFoundResponse(new Request("https://reviews.example/nope")).headers.get("x-content-type-options")).toBe("nosniff");
  });
});
