import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { handleSinceRequest } from "../../src/lib/api/since-endpoint.ts";
import { handleSearchRequest } from "../../src/lib/api/search-endpoint.ts";
import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import { indexDataset } from "../../src/lib/search/dataset-index.ts";
import { bundleFunction, type BundledFunction } from "../../scripts/netlify-bundle.ts";
import { startBlobsServer } from "../support/blobs.ts";

/**
 * The functions as a deploy ships them: bundled by Netlify's own bundler
 * with netlify.toml's settings, then imported from the bundle folder, as a
 * cold instance does. They must find the dataset the build wrote (shipped as
 * an included file, src/platform/built-dataset.ts) and answer like the
 * source; zod must be inside the bundle, not left to Node's module loader.
 * Bundled from the run's copy of the project, whose dist/ the integration setup built.
 */
type Handler = (request: Request, context: { params: Record<string, string> }) => Response | Promise<Response>;

const out = mkdtempSync(join(tmpdir(), "function-bundles-"));
const bundles = new Map<string, BundledFunction>();
const siteRoot = inject("siteRoot");
const dataset = JSON.parse(readFileSync(join(siteRoot, "dist/reviews.json"), "utf8")) as ReviewsDataset;
const index = indexDataset(dataset);

async function handlerOf(name: string): Promise<Handler> {
  return ((await import(bundles.get(name)!.module)) as { default: Handler }).default;
}

let blobs: Awaited<ReturnType<typeof startBlobsServer>>;
beforeAll(async () => {
  for (const name of ["search", "since", "mcp"]) bundles.set(name, await bundleFunction(siteRoot, name, out));
  blobs = await startBlobsServer(); // the MCP sessions' store, as Netlify provides one
}, 120_000);
afterAll(async () => {
  await blobs.stop();
  rmSync(out, { recursive: true, force: true });
});

describe("the functions as Netlify bundles them", () => {
  it.each([
    ["search", ["dist/reviews.json"]],
    ["since", ["dist/reviews.json"]],
    ["mcp", ["dist/insights.json", "dist/reviews.json"]],
  ])("ships %s with exactly the built files it reads", (name, files) => {
    expect(
      readdirSync(join(bundles.get(name)!.dir, "dist"))
        .map((file) => `dist/${file}`)
        .sort(),
    ).toEqual(files);
  });

  it.each(["search", "since"])("bundles zod into %s instead of loading its modules from node_modules", (name) => {
    expect(existsSync(join(bundles.get(name)!.dir, "node_modules/zod"))).toBe(false);
    expect(readFileSync(bundles.get(name)!.module, "utf8")).toContain("node_modules/zod/v4/classic/schemas.js");
  });

  it.each(["/api/reviews/search?rating=5&limit=3", "/api/reviews/search?query=creosote&mentions_technician=Dana", "/api/reviews/search?rating=9"])(
    "search from the bundle answers %s byte for byte like the source",
    async (path) => {
      const handler = await handlerOf("search");
      const request = () => new Request(`http://127.0.0.1${path}`);
      const [bundled, source] = [await handler(request(), { params: {} }), handleSearchRequest(request(), index)];
      expect(bundled.status).toBe(source.status);
      expect(await bundled.text()).toBe(await source.text());
    },
  );

  it("since from the bundle answers like the source", async () => {
    const handler = await handlerOf("since");
    const request = () => new Request("http://127.0.0.1/api/reviews/since/2025-01-01");
    const bundled = await handler(request(), { params: { date: "2025-01-01" } });
    expect(bundled.status).toBe(200);
    expect(await bundled.text()).toBe(await handleSinceRequest(request(), "2025-01-01", index).text());
  });

  it("mcp from the bundle lists the tools and searches the built dataset", async () => {
    const handler = await handlerOf("mcp");
    const post = (body: unknown) =>
      handler(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
          body: JSON.stringify(body),
        }),
        { params: {} },
      );
    const list = (await (await post({ jsonrpc: "2.0", id: 1, method: "tools/list" })).json()) as { result: { tools: { name: string }[] } };
    expect(list.result.tools).toHaveLength(8);
    const call = (await (
      await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "search_reviews", arguments: { rating: 5, limit: 3 } } })
    ).json()) as {
      result: { content: { text: string }[] };
    };
    const rest = await handleSearchRequest(new Request("http://127.0.0.1/api/reviews/search?rating=5&limit=3"), index).text();
    expect(call.result.content[0]!.text).toBe(rest);
    const initialized = await post({
      jsonrpc: "2.0",
      id: 3,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "vitest", version: "1" } },
    });
    expect(initialized.status).toBe(200);
    expect(initialized.headers.get("mcp-session-id")).toMatch(/\./);
  });
});
