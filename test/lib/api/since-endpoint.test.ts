import { describe, expect, it } from "vitest";
import { handleSinceRequest } from "../../../src/lib/api/since-endpoint.ts";
import { serializeReviewsSince } from "../../../src/lib/search/reviews-since.ts";
import { realIndex } from "../../support/search-fixture.ts";

const index = realIndex();
const since = (date: string, init: RequestInit = {}, query = "") =>
  handleSinceRequest(new Request(`https://reviews.example/api/reviews/since/${date}${query}`, init), date, index);

describe("GET /api/reviews/since/{date}", () => {
  it.each(["2026-01-01", "2023-01-01", "2000-01-01", "2099-01-01", "2024-02-29"])("returns every review on or after %s, oldest first", async (date) => {
    const response = since(date);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { since: string; count: number; reviews: { id: string; date: string }[] };
    const expected = index.dataset.reviews
      .filter((r) => r.date >= date)
      .sort((a, b) => (a.date !== b.date ? a.date.localeCompare(b.date) : a.id.localeCompare(b.id)));
    expect(body.since).toBe(date);
    expect(body.count).toBe(expected.length);
    expect(body.reviews.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it.each([
    ["an impossible date", "2024-02-30", "custom"],
    ["a malformed date", "2024-2-3", "invalid_format"],
    ["a word", "yesterday", "invalid_format"],
    ["a timestamp", "2024-01-01T00:00:00Z", "invalid_format"],
  ])("refuses %s with a 400 and issues", async (_name, date, code) => {
    const response = since(date);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", issues: [{ path: ["date"], code }] });
  });

  it.each(["?limit=5", "?limit=5&limit=6", "?rating=", "?x"])("refuses query parameters (%s), since it takes none, and points to search", async (query) => {
    const response = since("2024-01-01", {}, query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: { path: string[]; code: string; message: string }[] };
    expect(body.issues).toEqual([
      {
        path: [query.slice(1).split("=")[0]],
        code: "unknown_parameter",
        message: expect.stringContaining("takes no query parameters and returns every review from that date on"),
      },
    ]);
    expect(body.message).toContain("/api/reviews/search?since=2024-01-01&limit=20");
    expect(body.message).not.toContain("known parameters are");
  });

  it("reports an unknown parameter and a bad date together", async () => {
    const body = (await since("2024-13-01", {}, "?limit=5").json()) as { message: string; issues: { path: string[] }[] };
    expect(body.issues.map((issue) => issue.path[0])).toEqual(["limit", "date"]);
    expect(body.message).toContain("/api/reviews/search?since=2026-01-01&limit=20");
  });

  it("round-trips the ETag to a 304 with no body and the ETag", async () => {
    const first = since("2025-06-01");
    const etag = first.headers.get("etag")!;
    const second = since("2025-06-01", { headers: { "If-None-Match": `W/${etag}` } });
    expect(second.status).toBe(304);
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.body).toBeNull();
  });

  it("round-trips Last-Modified to a 304, derived from the data", async () => {
    const first = since("2025-06-01");
    const lastModified = first.headers.get("last-modified")!;
    expect(lastModified).toBe(new Date(`${index.lastModifiedDate}T00:00:00Z`).toUTCString());
    expect(since("2025-06-01", { headers: { "If-Modified-Since": lastModified } }).status).toBe(304);
  });

  it("gives different dates different ETags", () => {
    expect(since("2025-06-01").headers.get("etag")).not.toBe(since("2025-06-02").headers.get("etag"));
  });

  it("sends a repeated answer's bytes again, whole, after earlier answers were read", async () => {
    const expected = serializeReviewsSince("2025-06-01", index);
    const bodies: string[] = [];
    for (let i = 0; i < 3; i += 1) bodies.push(Buffer.from(await since("2025-06-01").arrayBuffer()).toString("utf8"));
    expect(bodies).toEqual([expected, expected, expected]);
    // A different answer in between does not disturb it.
    expect(await since("2025-06-02").text()).toBe(serializeReviewsSince("2025-06-02", index));
    expect(await since("2025-06-01").text()).toBe(expected);
  });
});
