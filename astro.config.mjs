// @ts-check
import netlify from "@astrojs/netlify";
import { defineConfig } from "astro/config";
import { getBuildOutDir, getSiteUrl } from "./src/platform/env.ts";

// Everything the CDN serves is pre-rendered from content/; the dynamic
// endpoints are hand-written Netlify Functions in netlify/functions.
export default defineConfig({
  site: getSiteUrl(),
  output: "static",
  outDir: getBuildOutDir(),
  adapter: netlify({ imageCDN: false }),
  trailingSlash: "ignore",
  // Every stylesheet as a file: the pages' Content-Security-Policy admits styles from this origin only (src/lib/http/security-headers.ts).
  build: { format: "directory", inlineStylesheets: "never" },
  devToolbar: { enabled: false },
});
