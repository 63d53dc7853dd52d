import { describe, expect, it } from "vitest";
import { notFoundResponse, prefersHtml } from "../../../src/lib/http/not-found.ts";

describe("prefersHtml", () => {
  it.each([
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true],
    ["text/html", true],
    ["*/*", false],
    ["application/json", false],
    ["application/json, text/html;q=0.5", false],
    ["text/html;q=0", false],
    ["text/html;q=abc", false],
    [null, false],
  ])("%s → %s", (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});

describe("notFoundResponse", () => {
  it("sends browsers an HTML page, varying by Accept", async () => {
    const response = notFoundResponse(new Request("https://x.example/nope", { headers: { Accept: "text/html" } }));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("vary")).toBe("Accept");
    expect(await response.text()).toContain("<h1>Page not found</h1>");
  });

  it("sends API clients the JSON error", async () => {
    const response = notFoundResponse(new Request("https://x.example/nope"));
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await response.json()).toMatchObject({ error: "not_found" });
  });

  it("answers HEAD with no body", async () => {
    const response = notFoundResponse(new Request("https://x.example/nope", { method: "HEAD", headers: { Accept: "text/html" } }));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("");
  });
});
