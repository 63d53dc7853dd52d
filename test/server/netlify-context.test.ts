import { describe, expect, it } from "vitest";
import { createNetlifyContext, createRequestId } from "../../src/server/netlify-context.ts";

const defaults = {
  site: { id: "local", name: "keystone-reviews", url: "http://127.0.0.1:8888" },
  deploy: { id: "d1", context: "production", published: true },
};

function contextFor(request: Request, requestId: string | (() => string) = createRequestId) {
  return createNetlifyContext({
    request,
    url: new URL(request.url),
    params: { date: "2026-01-01" },
    ip: "127.0.0.1",
    requestId,
    defaults,
    waitUntil: () => undefined,
  });
}

describe("the Netlify context of a function call", () => {
  it("carries the request's URL, params, ip, site and deploy", () => {
    const { context } = contextFor(new Request("http://127.0.0.1:8888/api/reviews/since/2026-01-01?x=1"));
    expect(context.url.href).toBe("http://127.0.0.1:8888/api/reviews/since/2026-01-01?x=1");
    expect(context).toMatchObject({ params: { date: "2026-01-01" }, ip: "127.0.0.1", site: defaults.site, deploy: defaults.deploy });
  });

  it("makes its request id on first read, in Netlify's form, and keeps it", () => {
    let made = 0;
    const { context } = contextFor(new Request("http://127.0.0.1:8888/"), () => {
      made += 1;
      return createRequestId();
    });
    expect(made).toBe(0);
    const id = context.requestId;
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(context.requestId).toBe(id);
    expect(made).toBe(1);
  });

  it("gives every call its own id", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => contextFor(new Request("http://127.0.0.1:8888/")).context.requestId));
    expect(ids.size).toBe(1000);
  });

  it("reads cookies from the request and collects the ones set or deleted, also when destructured", () => {
    const { context, cookies } = contextFor(new Request("http://127.0.0.1:8888/", { headers: { Cookie: "a=1; b=two" } }));
    const { cookies: jar } = context;
    expect(jar.get("b")).toBe("two");
    expect(jar.get("missing")).toBe("");
    jar.set("c", "3");
    context.cookies.delete("a");
    expect(cookies).toEqual(["c=3", "a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT"]);
  });

  it("answers json like Response.json, and refuses the edge functions' next and rewrite", async () => {
    const { context } = contextFor(new Request("http://127.0.0.1:8888/"));
    const { json } = context;
    expect(await json({ ok: true }).json()).toEqual({ ok: true });
    expect(() => context.next()).toThrow(/edge functions/);
  });
});
