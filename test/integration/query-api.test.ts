import { describe, expect, inject, it } from "vitest";

const base = inject("baseUrl");

describe("query API over HTTP through the local Netlify runtime", () => {
  it("searches with the envelope {reviews, count, total, limit}", async () => {
    const response = await fetch(`${base}/api/reviews/search?rating=5&limit=3`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reviews: { rating: number }[]; count: number; total: number; limit: number };
    expect(body).toMatchObject({ count: 3, limit: 3 });
    expect(body.total).toBeGreaterThan(3);
    expect(body.reviews.every((r) => r.rating === 5)).toBe(true);
  });

  it("answers invalid parameters with a JSON 400 carrying issues", async () => {
    const response = await fetch(`${base}/api/reviews/search?rating=4.5`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", issues: [{ path: ["rating"] }] });
  });

  it.each(["/api/reviews/search?min_rating=4", "/api/reviews/since/2025-01-01"])("round-trips the ETag of %s to a 304", async (path) => {
    const first = await fetch(base + path);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    const second = await fetch(base + path, { headers: { "If-None-Match": etag } });
    expect(second.status).toBe(304);
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe("");
  });

  it.each(["/api/reviews/search?min_rating=4", "/api/reviews/since/2025-01-01"])("round-trips Last-Modified of %s to a 304", async (path) => {
    const first = await fetch(base + path);
    await first.arrayBuffer();
    const lastModified = first.headers.get("last-modified")!;
    expect(lastModified).toMatch(/GMT$/);
    const second = await fetch(base + path, { headers: { "If-Modified-Since": lastModified } });
    expect(second.status).toBe(304);
    const stale = await fetch(base + path, { headers: { "If-Modified-Since": "Thu, 01 Jan 2015 00:00:00 GMT" } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("answers since with {since, count, reviews} oldest first", async () => {
    const body = (await (await fetch(`${base}/api/reviews/since/2026-01-01`)).json()) as { since: string; count: number; reviews: { date: string }[] };
    expect(body.since).toBe("2026-01-01");
    expect(body.count).toBe(body.reviews.length);
    const dates = body.reviews.map((r) => r.date);
    expect(dates).toEqual([...dates].sort());
  });

  it("answers a malformed since date with a JSON 400", async () => {
    const response = await fetch(`${base}/api/reviews/since/2024-02-30`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", issues: [{ path: ["date"] }] });
  });

  it("answers HEAD and refuses POST with 405 and Allow", async () => {
    const head = await fetch(`${base}/api/reviews/search`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBeTruthy();
    const post = await fetch(`${base}/api/reviews/search`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers concurrent function calls without a 5xx (the emulation's scratch folders are not shared mid-call)", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const response = await fetch(`${base}/api/reviews/since/2025-0${(i % 9) + 1}-01`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses).toEqual(Array(8).fill(200));
  }, 120_000);
});
