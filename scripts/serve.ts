/**
 * `npm run serve` (and `npm start`, after a build): the production server on
 * PORT (default 8888) and HOST (default 127.0.0.1), serving the last build
 * and every function in-process (src/server/production-server.ts).
 * `npm run serve:netlify` runs Netlify's own emulation instead.
 */
import { enableCompileCache } from "node:module";
import { join } from "node:path";
import { areRateLimitsEnabled, getBlobsDir, getHost, getPort, getShutdownGraceMs, getSiteUrl, getTrustedProxyHeader } from "../src/platform/env.ts";
import { printEndpoints } from "./endpoints.ts";
import { recordLiveServer } from "./live-servers.ts";

const projectRoot = join(import.meta.dirname, "..");
// Node keeps the compiled code of every module on disk, so the next start skips most of the compiling (half of start-up).
// scripts/serve.mjs turns it on before this file loads; this covers `node scripts/serve.ts`.
enableCompileCache(join(projectRoot, ".netlify/compile-cache"));
const { startProductionServer } = await import("../src/server/production-server.ts");
process.env.SITE_URL ??= getSiteUrl();
const server = await startProductionServer({
  projectRoot,
  port: getPort(),
  host: getHost(),
  siteUrl: process.env.SITE_URL,
  blobsDir: getBlobsDir(projectRoot),
  trustedProxyHeader: getTrustedProxyHeader(),
  shutdownGraceMs: getShutdownGraceMs(),
  rateLimits: areRateLimitsEnabled(),
  siteId: process.env.SITE_ID,
  deployId: process.env.DEPLOY_ID,
});
recordLiveServer(process.env.SITE_URL, server.url);
printEndpoints("Keystone reviews service", server.url, process.env.SITE_URL);
// Static files are answered from here on; the functions are still loading. A function that cannot load stops the server.
server.ready.catch(() => void server.close().finally(() => process.exit(1)));

// `on`, not `once`: a library loaded later (signal-exit) re-raises the signal to end the process when its own
// listener is the only one left, which would cut the graceful shutdown short. A second signal changes nothing.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests and background work, then stopping`);
    void server.close().finally(() => process.exit(0));
  });
}
