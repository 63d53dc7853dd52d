import type { AddressInfo } from "node:net";
import { getStore } from "@netlify/blobs";
import { describe, expect, it } from "vitest";
import { LOCAL_BLOBS_HOST, startLocalBlobs } from "../../src/server/local-blobs.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

describe("local Blobs (npm start)", () => {
  it("listens on loopback only, and serves this process's stores from disk", async () => {
    const blobs = await startLocalBlobs(makeTestTempDir("local-blobs-"), { siteID: "local", deployID: "test" });
    try {
      const { address, family } = blobs.server.address() as AddressInfo;
      expect(address).toBe(LOCAL_BLOBS_HOST);
      expect(family).toBe("IPv4");
      expect(new URL(blobs.url).hostname).toBe("127.0.0.1");

      const store = getStore({ name: "local-blobs-test", consistency: "strong" });
      await store.setJSON("a/b", { ok: true });
      expect(await store.get("a/b", { type: "json" })).toEqual({ ok: true });
      expect((await store.list({ prefix: "a/" })).blobs.map((blob) => blob.key)).toEqual(["a/b"]);
      await store.delete("a/b");
      expect(await store.get("a/b")).toBeNull();
    } finally {
      await blobs.stop();
    }
  });

  it("keeps conditional writes atomic under concurrency: one onlyIfNew wins, one onlyIfMatch per tag wins", async () => {
    const blobs = await startLocalBlobs(makeTestTempDir("local-blobs-"), { siteID: "local", deployID: "test" });
    try {
      const store = getStore({ name: "local-blobs-race", consistency: "strong" });
      const created = await Promise.all(Array.from({ length: 8 }, (_, i) => store.set("k", `v${i}`, { onlyIfNew: true })));
      const winners = created.filter((result) => result.modified);
      expect(winners).toHaveLength(1);
      // The local server sends no ETag on reads: the tag is the one its write answered with.
      const etag = winners[0]!.etag!;
      expect(etag).toBeTruthy();
      const updated = await Promise.all(Array.from({ length: 8 }, (_, i) => store.set("k", `w${i}`, { onlyIfMatch: etag })));
      expect(updated.filter((result) => result.modified)).toHaveLength(1);
    } finally {
      await blobs.stop();
    }
  });

  it("refuses requests without this process's token", async () => {
    const blobs = await startLocalBlobs(makeTestTempDir("local-blobs-"), { siteID: "local", deployID: "test" });
    try {
      expect((await fetch(`${blobs.url}/local/local-blobs-test/a`)).status).toBe(403);
    } finally {
      await blobs.stop();
    }
  });
});
