import { afterEach, describe, expect, it, vi } from "vitest";
import { collections } from "../../src/content.config.ts";
import { sampleReview, writeContentDir } from "../support/fixtures.ts";

interface Entry {
  id: string;
  data: Record<string, unknown>;
}

/** Runs a collection's loader as Astro's content layer does, into a plain store. */
async function load(collection: keyof typeof collections): Promise<Entry[]> {
  const entries: Entry[] = [];
  const store = { clear: () => entries.splice(0), set: (entry: Entry) => entries.push(entry) };
  const { loader } = collections[collection] as unknown as { loader: { load: (context: object) => Promise<void> } };
  await loader.load({ store, parseData: (entry: Entry) => Promise.resolve(entry.data) });
  return entries;
}

/**
 * The content collections the pages read (src/content.config.ts): they load CONTENT_DIR, so a
 * build of another folder publishes that folder. The loader reads the folder once per build.
 */
describe("content collections", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("load the reviews and the business of CONTENT_DIR", async () => {
    vi.stubEnv("CONTENT_DIR", writeContentDir([sampleReview(), sampleReview({ id: "2024-06-01-other-b", date: "2024-06-01", rating: 2 })]));
    expect((await load("reviews")).map((entry) => [entry.id, entry.data.rating])).toEqual([
      ["2024-05-01-test-a", 5],
      ["2024-06-01-other-b", 2],
    ]);
    expect((await load("business")).map((entry) => entry.id)).toEqual(["business"]);
  });
});
