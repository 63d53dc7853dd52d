import { describe, expect, inject, it } from "vitest";

const base = inject("baseUrl");
const TOPICS = [
  ["/reviews.json", "application/json"],
  ["/api/feed.json", "application/feed+json"],
  ["/feed.xml", "application/atom+xml"],
] as const;

describe("static endpoints over HTTP", () => {
  it.each([...TOPICS, ["/insights.json", "application/json"] as const, ["/openapi.json", "application/json"] as const])(
    "GET %s answers 200 as %s with a strong ETag and CORS",
    async (path, type) => {
      const response = await fetch(base + path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(`${type}; charset=utf-8`);
      expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect((await response.text()).length).toBeGreaterThan(100);
    },
  );

  it.each(TOPICS)("GET %s carries the WebSub Link header (hub and self)", async (path) => {
    const response = await fetch(base + path);
    const siteUrl = base.replace("localhost", "127.0.0.1");
    expect(response.headers.get("link")).toBe(`<${siteUrl}/api/websub/hub>; rel="hub", <${siteUrl}${path}>; rel="self"`);
  });

  it.each([
    ["the exact tag", (etag: string) => etag],
    ["the weak form of the tag", (etag: string) => `W/${etag}`],
    ["a list containing the tag", (etag: string) => `"nope", ${etag}, W/"other"`],
    ["*", () => "*"],
  ])("answers 304 with no body and the ETag for If-None-Match with %s", async (_name, makeHeader) => {
    const first = await fetch(`${base}/reviews.json`);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const second = await fetch(`${base}/reviews.json`, { headers: { "If-None-Match": makeHeader(etag) } });
    expect(second.status).toBe(304);
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe("");
  });

  it.each([...TOPICS.map(([path]) => path), "/insights.json"])(
    "GET %s carries the data's Last-Modified (the search answers' own) and round-trips it to a 304",
    async (path) => {
      const search = await fetch(`${base}/api/reviews/search?limit=1`);
      await search.arrayBuffer();
      const first = await fetch(base + path);
      await first.arrayBuffer();
      const lastModified = first.headers.get("last-modified");
      expect(lastModified).toBe(search.headers.get("last-modified"));
      const second = await fetch(base + path, { headers: { "If-Modified-Since": lastModified! } });
      expect(second.status).toBe(304);
      expect(await second.text()).toBe("");
      const stale = await fetch(base + path, { headers: { "If-Modified-Since": "Thu, 01 Jan 2015 00:00:00 GMT" } });
      expect(stale.status).toBe(200);
      await stale.arrayBuffer();
    },
  );

  it("answers 200 for a non-matching If-None-Match", async () => {
    const response = await fetch(`${base}/api/feed.json`, { headers: { "If-None-Match": '"something-else"' } });
    expect(response.status).toBe(200);
  });

  it("answers HEAD with the same ETag as GET and no body", async () => {
    const get = await fetch(`${base}/feed.xml`);
    await get.arrayBuffer();
    const head = await fetch(`${base}/feed.xml`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(await head.text()).toBe("");
    const conditional = await fetch(`${base}/feed.xml`, { method: "HEAD", headers: { "If-None-Match": get.headers.get("etag")! } });
    expect(conditional.status).toBe(304);
  });

  it.each(["/nope", "/reviews.json/extra", "/api/unknown"])("answers an unknown path %s with a JSON 404", async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: "not_found", message: expect.any(String) });
  });

  it("serves a reviews.json whose reviews are newest first with a per-star distribution", async () => {
    const dataset = (await (await fetch(`${base}/reviews.json`)).json()) as {
      aggregate_rating: { review_count: number; distribution: Record<string, number> };
      reviews: { date: string; id: string }[];
    };
    expect(dataset.reviews.length).toBeGreaterThanOrEqual(120);
    expect(Object.values(dataset.aggregate_rating.distribution).reduce((a, b) => a + b, 0)).toBe(dataset.reviews.length);
    const keys = dataset.reviews.map((r) => `${r.date}|${r.id}`);
    const sorted = [...dataset.reviews].sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? 1 : -1));
    expect(keys).toEqual(sorted.map((r) => `${r.date}|${r.id}`));
  });
});

describe("/openapi.json matches what the server sends", () => {
  type Operation = { parameters?: { name: string; in: string; example?: unknown }[]; responses: Record<string, unknown> };

  it("documents a 304 on every GET that answers one, and every documented 304 is sent", async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const checked: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      if (get === undefined) continue;
      const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => String(get.parameters?.find((p) => p.in === "path" && p.name === name)?.example));
      const first = await fetch(base + path);
      await first.arrayBuffer();
      const etag = first.headers.get("etag");
      const lastModified = first.headers.get("last-modified");
      const conditional: Record<string, string>[] = [
        ...(etag === null ? [] : [{ "If-None-Match": etag }]),
        ...(lastModified === null ? [] : [{ "If-Modified-Since": lastModified }]),
      ];
      let sends304 = false;
      for (const headers of conditional) {
        const again = await fetch(base + path, { headers });
        await again.arrayBuffer();
        sends304 ||= again.status === 304;
      }
      expect(Object.hasOwn(get.responses, "304"), `${template}: sends 304 ${sends304}`).toBe(sends304);
      checked.push(template);
    }
    expect(checked).toEqual(expect.arrayContaining(["/reviews.json", "/openapi.json", "/api/reviews/search", "/api/reviews/since/{date}"]));
  });
});
