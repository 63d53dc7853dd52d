import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalBlobs } from "../../src/server/local-blobs.ts";

/** What the server saw: each request's operation and URL (BlobsServer's own onRequest hook). */
export type BlobsRequestListener = (request: { type: string; url: string }) => void;

/**
 * A real, file-backed Netlify Blobs server on loopback for in-process tests:
 * the production server's own (src/server/local-blobs.ts), with the
 * environment context pointing `getStore()` at it. Every call gets a fresh
 * directory, so tests never share state; `stop` removes it. `onRequest`
 * sees every request the server answers, to count reads.
 */
export async function startBlobsServer(onRequest?: BlobsRequestListener): Promise<{ stop: () => Promise<void>; directory: string }> {
  const directory = mkdtempSync(join(tmpdir(), "blobs-"));
  const savedContext = process.env.NETLIFY_BLOBS_CONTEXT;
  const blobs = await startLocalBlobs(directory, { siteID: "test-site", ...(onRequest === undefined ? {} : { onRequest }) });
  // The folder goes with the server: tests leave nothing in the OS temp folder. The context goes too, so the
  // next file in this worker (they share it) and the processes it starts never reach a stopped server.
  const stop = async () => {
    await blobs.stop();
    rmSync(directory, { recursive: true, force: true });
    if (savedContext === undefined) delete process.env.NETLIFY_BLOBS_CONTEXT;
    else process.env.NETLIFY_BLOBS_CONTEXT = savedContext;
  };
  return { stop, directory };
}
