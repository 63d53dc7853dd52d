import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { PROJECT_ROOT } from "./fixtures.ts";

/** What a checkout makes or owns, never copied: its builds, its servers' state (Blobs, records, locks) and caches. */
const NOT_COPIED = new Set(["node_modules", "dist", ".git", ".netlify", ".astro", "test-results"]);

/**
 * A private copy of the project for the integration run, under `parent`: the
 * working tree as it is (generated folders left out), with node_modules
 * linked package by package. The run builds and serves there, so it never
 * touches this checkout's dist/, .netlify/ or .astro/, which a running
 * `npm start` owns. node_modules is a folder of its own so that Astro and
 * Vite keep their caches (node_modules/.astro, .vite) in the stage too.
 */
export function createStage(parent: string): string {
  const stage = mkdtempSync(join(parent, "stage-"));
  for (const name of readdirSync(PROJECT_ROOT)) {
    if (!NOT_COPIED.has(name)) cpSync(join(PROJECT_ROOT, name), join(stage, name), { recursive: true });
  }
  mkdirSync(join(stage, "node_modules"));
  for (const name of readdirSync(join(PROJECT_ROOT, "node_modules"))) {
    if (!name.startsWith(".") || name === ".bin") symlinkSync(join(PROJECT_ROOT, "node_modules", name), join(stage, "node_modules", name));
  }
  return stage;
}

/** The SHA-256 of every file under `dir`, by path relative to it. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(dir);
  return out;
}
