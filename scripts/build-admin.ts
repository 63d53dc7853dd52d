/**
 * Writes the CMS at `<outDir>/admin/` (docs/editing.md): the page, the
 * decap-cms bundle and the chunks it loads, copied from node_modules (never
 * a CDN), and the admin's own script, bundled from src/admin/ with the
 * content schemas of src/lib. No public page links to any of it.
 */
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { getCmsSettings } from "../src/platform/env.ts";

const root = join(import.meta.dirname, "..");
const DECAP_DIST = join(root, "node_modules/decap-cms/dist");

/** decap-cms.js and what it loads from its own folder (`<n>.decap-cms.js` chunks, WebAssembly), without source maps. */
const isDecapFile = (name: string) => /^(?:\d+\.)?decap-cms\.js(?:\.LICENSE\.txt)?$/.test(name) || name.endsWith(".wasm");

export async function buildAdmin(outDir: string): Promise<void> {
  const adminDir = join(outDir, "admin");
  mkdirSync(adminDir, { recursive: true });
  for (const name of readdirSync(DECAP_DIST).filter(isDecapFile)) copyFileSync(join(DECAP_DIST, name), join(adminDir, name));
  copyFileSync(join(root, "src/admin/index.html"), join(adminDir, "index.html"));
  await build({
    entryPoints: [join(root, "src/admin/main.ts")],
    outfile: join(adminDir, "cms-setup.js"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    define: { CMS_SETTINGS: JSON.stringify(getCmsSettings()) },
    logLevel: "warning",
  });
}
