/**
 * `npm run serve:netlify`: serves the last build through Netlify's own
 * emulation (@netlify/dev, scripts/local-server.ts) on PORT and HOST. Slow
 * (each function call runs in a fresh worker), but as close to Netlify as a
 * single machine gets: the parity test holds the production server to it.
 */
import { join } from "node:path";
import { getHost, getPort, getSiteUrl } from "../src/platform/env.ts";
import { printEndpoints } from "./endpoints.ts";
import { recordLiveServer } from "./live-servers.ts";
import { startLocalServer } from "./local-server.ts";

process.env.SITE_URL ??= getSiteUrl();
const local = await startLocalServer({ port: getPort(), host: getHost(), projectRoot: join(import.meta.dirname, "..") });
recordLiveServer(process.env.SITE_URL, local.url);
printEndpoints("Keystone reviews service (Netlify emulation)", local.url, process.env.SITE_URL);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void local.close().finally(() => process.exit(0));
  });
}
