import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

type BlobsServerOptions = ConstructorParameters<typeof BlobsServer>[0];

/** What BlobsServer.start() would wire up itself: its request handler, and the base URL it resolves request URLs against. */
interface BlobsServerInternals {
  handleRequest?: (request: Request) => Promise<Response>;
  address: string;
}

/** Where the Blobs server listens: this process is its only client. */
export const LOCAL_BLOBS_HOST = "127.0.0.1";

/**
 * Netlify Blobs on disk through @netlify/blobs' local mode: its BlobsServer keeps each store as
 * files under `directory` (state survives restarts), and the environment context points
 * `getStore()` here, behind a per-process token. BlobsServer.start() listens on every interface,
 * so its handler is served here on loopback only. `onRequest` is its own hook (tests count reads).
 */
export async function startLocalBlobs(
  directory: string,
  options: { siteID: string; deployID?: string; onRequest?: BlobsServerOptions["onRequest"] },
): Promise<{ url: string; server: Server; stop: () => Promise<void> }> {
  mkdirSync(directory, { recursive: true });
  const token = randomBytes(24).toString("base64url");
  const blobs = new BlobsServer({ directory, token, ...(options.onRequest === undefined ? {} : { onRequest: options.onRequest }) });
  const internals = blobs as unknown as BlobsServerInternals;
  if (typeof internals.handleRequest !== "function") {
    throw new Error("@netlify/blobs' BlobsServer no longer has handleRequest(); src/server/local-blobs.ts must be updated to serve it on loopback.");
  }
  const handle = internals.handleRequest.bind(blobs);
  // BlobsServer checks a conditional write's precondition, then writes, with awaits in between: writes to one key
  // run one at a time here, so `onlyIfNew` and `onlyIfMatch` hold under concurrency as they do on Netlify.
  const writes = new Map<string, Promise<unknown>>();
  const serve = (request: Request): Promise<Response> => {
    if (request.method === "GET" || request.method === "HEAD") return handle(request);
    const key = new URL(request.url).pathname;
    const answer = (writes.get(key) ?? Promise.resolve()).then(() => handle(request));
    const done = answer.then(
      () => undefined,
      () => undefined,
    );
    writes.set(key, done);
    void done.then(() => {
      if (writes.get(key) === done) writes.delete(key);
    });
    return answer;
  };
  const server = createServer(getRequestListener(serve));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, LOCAL_BLOBS_HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const url = `http://${LOCAL_BLOBS_HOST}:${(server.address() as AddressInfo).port}`;
  internals.address = url;
  setEnvironmentContext({ siteID: options.siteID, deployID: options.deployID, token, edgeURL: url, uncachedEdgeURL: url, primaryRegion: "local" });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, server, stop };
}
