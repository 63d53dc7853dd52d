import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

/** What the server saw: each request's operation and URL (BlobsServer's own onRequest hook). */
export type BlobsRequestListener = (request: { type: string; url: string }) => void;

/**
 * A real, file-backed Netlify Blobs server on loopback for in-process tests
 * (platform-notes: BlobsServer + setEnvironmentContext). Every call gets a
 * fresh directory, so tests never share state; `stop` removes it.
 * `onRequest` sees every request the server answers, to count reads.
 */
export async function startBlobsServer(onRequest?: BlobsRequestListener): Promise<{ stop: () => Promise<void>; directory: string }> {
  const directory = mkdtempSync(join(tmpdir(), "blobs-"));
  const token = "test-token";
  const server = new BlobsServer({ directory, token, port: 0, ...(onRequest === undefined ? {} : { onRequest }) });
  const { port } = await server.start();
  setEnvironmentContext({ siteID: "test-site", token, edgeURL: `http://127.0.0.1:${port}`, uncachedEdgeURL: `http://127.0.0.1:${port}` });
  // The folder goes with the server: tests leave nothing in the OS temp folder.
  const stop = async () => {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  };
  return { stop, directory };
}
