import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { computeStrongEtag } from "../../src/lib/http/etag.ts";
import { loadStaticFiles } from "../../src/server/static-files.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

/** A publish folder with these files and an empty netlify.toml; `cachedBytes` bounds the bodies kept in memory. */
async function publish(files: Record<string, string>, cachedBytes?: number) {
  const root = makeTestTempDir("static-files-");
  const dist = join(root, "dist");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dist, path, ".."), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  writeFileSync(join(root, "netlify.toml"), "");
  const statics = await loadStaticFiles(dist, join(root, "netlify.toml"), cachedBytes);
  const get = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const request = new Request(`http://127.0.0.1${path}`, { method, headers });
    const file = statics.find(path);
    if (file === null) return null;
    const response = await statics.serve(request, path, file);
    return {
      status: response.status,
      etag: response.headers.get("etag"),
      length: response.headers.get("content-length"),
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  };
  return { dist, get };
}

const pages = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`reviews/r-${i}/index.html`, `<p>review ${i} ${"x".repeat(200)}</p>`]));

describe("static files", () => {
  it("serves every file with the tag of its bytes when the cache holds only a few of them", async () => {
    const { get } = await publish(pages, 600);
    for (let round = 0; round < 2; round += 1)
      for (const [path, text] of Object.entries(pages)) {
        const answer = await get(`/${path.replace(/index\.html$/, "")}`);
        expect(answer?.status).toBe(200);
        expect(new TextDecoder().decode(answer!.bytes)).toBe(text);
        expect(answer?.etag).toBe(computeStrongEtag(new TextEncoder().encode(text)));
      }
  });

  it("answers If-Modified-Since from the Last-Modified its header rule gives (the dataset files), and ignores it where there is none", async () => {
    const { dist } = await publish({ "reviews.json": '{"reviews":[]}', "openapi.json": "{}" });
    writeFileSync(join(dist, "_headers"), "/reviews.json\n  Last-Modified: Mon, 09 Nov 2026 00:00:00 GMT\n");
    const statics = await loadStaticFiles(dist, join(dist, "..", "netlify.toml"));
    const ask = async (path: string, since: string) => {
      const response = await statics.serve(new Request(`http://127.0.0.1${path}`, { headers: { "If-Modified-Since": since } }), path, statics.find(path)!);
      return { status: response.status, lastModified: response.headers.get("last-modified") };
    };
    expect(await ask("/reviews.json", "Mon, 09 Nov 2026 00:00:00 GMT")).toEqual({ status: 304, lastModified: "Mon, 09 Nov 2026 00:00:00 GMT" });
    expect(await ask("/reviews.json", "Sun, 08 Nov 2026 23:59:59 GMT")).toEqual({ status: 200, lastModified: "Mon, 09 Nov 2026 00:00:00 GMT" });
    expect(await ask("/openapi.json", "Mon, 09 Nov 2026 00:00:00 GMT")).toEqual({ status: 200, lastModified: null });
  });

  it("answers HEAD and a matching If-None-Match from the tag made at start-up, without reading the file", async () => {
    const { dist, get } = await publish({ "feed.json": '{"items":[]}' }, 1);
    const etag = computeStrongEtag(new TextEncoder().encode('{"items":[]}'));
    rmSync(join(dist, "feed.json"));
    expect(await get("/feed.json", { "If-None-Match": etag })).toMatchObject({ status: 304, etag });
    // The file left the disk after start-up (a build replacing dist/): a GET that needs its bytes finds nothing.
    expect((await get("/feed.json"))?.status).toBe(404);
  });

  it("sends the tag of the bytes it reads when a file was rewritten since start-up", async () => {
    const { dist, get } = await publish({ "a.json": '{"v":1}' }, 1);
    writeFileSync(join(dist, "a.json"), '{"v":2}');
    const answer = await get("/a.json");
    expect(new TextDecoder().decode(answer!.bytes)).toBe('{"v":2}');
    expect(answer?.etag).toBe(computeStrongEtag(new TextEncoder().encode('{"v":2}')));
  });

  it("compresses on demand with a tag of its own, and gives HEAD the encoded length", async () => {
    const text = JSON.stringify({ reviews: Array.from({ length: 50 }, (_, i) => ({ id: i, text: "swept the flue" })) });
    const { get } = await publish({ "reviews.json": text });
    const br = await get("/reviews.json", { "Accept-Encoding": "br" });
    expect(brotliDecompressSync(br!.bytes).toString()).toBe(text);
    expect(br?.etag).toBe(`${computeStrongEtag(new TextEncoder().encode(text)).slice(0, -1)}-br"`);
    const head = await get("/reviews.json", { "Accept-Encoding": "br" }, "HEAD");
    expect(head).toMatchObject({ status: 200, etag: br!.etag, length: String(br!.bytes.byteLength) });
  });
});
