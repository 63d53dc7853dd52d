// @ts-check
import netlify from "@astrojs/netlify";
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import { getBuildOutDir, getSiteUrl } from "./src/platform/env.ts";

/**
 * @astrojs/netlify, declared static-only. Astro treats an adapter as serving
 * pages on demand unless it says `buildOutput: "static"` (Astro's adapter
 * API, `adapterFeatures`), and the Netlify adapter then bundles a catch-all
 * SSR function. This site has no on-demand route, so it asks for none; one
 * added later fails the build until this wrapper goes.
 * @param {Parameters<typeof netlify>[0]} options
 * @returns {import("astro").AstroIntegration}
 */
function staticNetlify(options) {
  const adapter = netlify(options);
  const configDone = adapter.hooks["astro:config:done"];
  if (configDone === undefined) throw new Error("@astrojs/netlify no longer sets its adapter in astro:config:done; update staticNetlify in astro.config.mjs");
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      "astro:config:done": (params) =>
        configDone({
          ...params,
          setAdapter: (chosen) => params.setAdapter({ ...chosen, adapterFeatures: { ...chosen.adapterFeatures, buildOutput: "static" } }),
        }),
    },
  };
}

/**
 * src/lib/zod.ts imports zod by its file path, for Netlify's function bundler (the file says why). Vite would take zod's
 * files for source of ours, transform each while syncing content and bundle a copy into the pages: the build's memory
 * target (bench/RESULTS.md, "Build memory"). Here the file is the package, which Vite leaves to Node: the same
 * bindings, plus the package's `z` and default export.
 * @returns {import("vite").Plugin}
 */
function zodAsPackage() {
  const file = fileURLToPath(new URL("./src/lib/zod.ts", import.meta.url));
  return { name: "zod-as-package", enforce: "pre", load: (id) => (id === file ? 'export * from "zod";' : null) };
}

// Everything the CDN serves is pre-rendered from content/; the dynamic
// endpoints are hand-written Netlify Functions in netlify/functions.
export default defineConfig({
  site: getSiteUrl(),
  output: "static",
  outDir: getBuildOutDir(),
  adapter: staticNetlify({ imageCDN: false }),
  trailingSlash: "ignore",
  // Every stylesheet as a file: the pages' Content-Security-Policy admits styles from this origin only (src/lib/http/security-headers.ts).
  build: { format: "directory", inlineStylesheets: "never" },
  devToolbar: { enabled: false },
  vite: { plugins: [zodAsPackage()] },
});
