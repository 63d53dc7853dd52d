/**
 * `npm run build`: pre-renders the site from CONTENT_DIR (default content/)
 * with Astro, then finishes the publish folder for Netlify.
 *
 * - `dist/_headers` carries content types, CORS and the WebSub `Link` headers,
 *   whose absolute URLs come from SITE_URL.
 * - The content folder is validated first, outside Astro: every problem of
 *   every file is printed as one list and the build exits 1, with no
 *   framework stack trace after it and no half-built dist/.
 * - @astrojs/netlify makes folders for an SSR function and an edge
 *   middleware, and Astro a server build folder, when they start. This site
 *   has none of them (astro.config.mjs declares the adapter static-only), so
 *   the folders are removed, and the build fails if any holds anything: the
 *   hand-written functions in netlify/functions own routing, not-found.ts
 *   the JSON 404s.
 * - `astro build` runs with scripts/astro-build-hooks.ts preloaded, which
 *   keeps the adapter's dev-server plugin (and Netlify's local emulation)
 *   out of the build, and with settings that keep its memory down
 *   (scripts/astro-build-command.ts).
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ContentError } from "../src/lib/content/content-error.ts";
import { createSiteUrls } from "../src/lib/dataset/site-urls.ts";
import { latestUpdate } from "../src/lib/feeds/feed-items.ts";
import { formatHeadersFile, listStaticHeaderRules } from "../src/lib/http/static-headers.ts";
import type { ReviewsDataset } from "../src/lib/schema/dataset.ts";
import { loadContentDir } from "../src/platform/content-dir.ts";
import { getContentDir, getSiteUrl } from "../src/platform/env.ts";
import { astroBuildCommand } from "./astro-build-command.ts";
import { buildAdmin } from "./build-admin.ts";
import { acquireLock } from "./file-lock.ts";
import { listLiveServers } from "./live-servers.ts";

const root = join(import.meta.dirname, "..");
/** How often the build says it is still running. */
const HEARTBEAT_MS = 10_000;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const contentDir = getContentDir();
let reviewCount: number;
try {
  reviewCount = loadContentDir(contentDir).reviews.length;
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// The Astro step is silent and takes a while (about 10 s for content/ on 2 cores): say what runs, and that it still does.
console.log(`Content checked: ${reviewCount} reviews in ${relative(root, contentDir) || contentDir}`);
// BUILD_OUT_DIR lets tests build into a scratch folder; Netlify publishes dist/.
const outDir = process.env.BUILD_OUT_DIR || join(root, "dist");
const siteUrl = getSiteUrl();
// A running server serves dist/ as it is: rebuilding it for another origin would make every page
// it serves link to the wrong host (issue 15). Rebuilding for the same origin is `npm run publish`.
if (outDir === join(root, "dist")) {
  const other = listLiveServers().find((server) => server.siteUrl !== siteUrl);
  if (other !== undefined) {
    console.error(
      `Not rebuilding dist/ for ${siteUrl}: the server at ${other.url} (pid ${other.pid}) serves it for ${other.siteUrl}. Stop that server, or build with SITE_URL=${other.siteUrl}, or set BUILD_OUT_DIR to a folder to build into instead of dist/.`,
    );
    process.exit(1);
  }
}
// Builds share .netlify/ and .astro/ with any other build in this checkout: one at a time.
const release = await acquireLock("build");
process.once("exit", release);
console.log(`Building with Astro: aspect analysis of every review, insights, datasets, feeds and HTML pages, for ${siteUrl}…`);
const heartbeat = setInterval(() => console.log(`  still building (${elapsed()})`), HEARTBEAT_MS);
const astro = astroBuildCommand(root, process.env);
const status = await new Promise<number | null>((resolve) => {
  spawn(process.execPath, astro.args, { cwd: root, stdio: ["ignore", "inherit", "inherit"], env: astro.env }).once("exit", resolve);
});
clearInterval(heartbeat);
if (status !== 0) {
  console.error("Build failed: see the message above.");
  process.exit(status ?? 1);
}

for (const generated of [".netlify/v1/functions/ssr", ".netlify/v1/edge-functions/middleware", ".netlify/build"]) {
  const folder = join(root, generated);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    console.error(`Build failed: Astro wrote ${generated}, an on-demand server this site does not have. Is the adapter in astro.config.mjs still static-only?`);
    process.exit(1);
  }
  rmSync(folder, { recursive: true, force: true });
}
// The dataset files' Last-Modified is the built dataset's own date.
const dataset = JSON.parse(readFileSync(join(outDir, "reviews.json"), "utf8")) as ReviewsDataset;
// The CMS at /admin/ (scripts/build-admin.ts): written beside the site, linked from none of its pages.
await buildAdmin(outDir);
writeFileSync(join(outDir, "_headers"), formatHeadersFile(listStaticHeaderRules(createSiteUrls(siteUrl), latestUpdate(dataset.reviews))));
console.log(`Built ${outDir} for ${siteUrl} in ${elapsed()}`);
