// @ts-check
import netlify from "@astrojs/netlify";
import { defineConfig } from "astro/config";

const port = process.env.PORT || "8888";
const site = (process.env.SITE_URL || process.env.URL || `http://localhost:${port}`).replace(/\/+$/, "");

// Everything the CDN serves is pre-rendered from content/; the dynamic
// endpoints are hand-written Netlify Functions in netlify/functions.
export default defineConfig({
  site,
  output: "static",
  outDir: process.env.BUILD_OUT_DIR || "./dist",
  adapter: netlify({ imageCDN: false }),
  trailingSlash: "ignore",
  build: { format: "directory" },
  devToolbar: { enabled: false },
});
