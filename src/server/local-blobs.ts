import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

/**
 * Netlify Blobs on disk, through @netlify/blobs' own local mode: its
 * BlobsServer keeps every store as files under `directory` (so state
 * survives restarts), and the environment context points `getStore()` in
 * this process at it, on loopback, behind a per-process token.
 */
export async function startLocalBlobs(directory: string, ids: { siteID: string; deployID: string }): Promise<{ stop: () => Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  const token = randomBytes(24).toString("base64url");
  const server = new BlobsServer({ directory, token, port: 0 });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: ids.siteID, deployID: ids.deployID, token, edgeURL: url, uncachedEdgeURL: url, primaryRegion: "local" });
  return { stop: () => server.stop().then(() => undefined) };
}
