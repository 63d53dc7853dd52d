import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const STALE_MS = 20 * 60_000;

/**
 * A cross-process lock (an atomic mkdir under the temp folder). Builds share
 * .netlify/ and .astro/, and integration runs and benchmarks share dist/ and
 * the server that serves it, so concurrent runs (two terminals, two agents)
 * take turns. A lock older than 20 minutes is treated as left behind by a
 * killed run. Returns the release function.
 */
export async function acquireLock(name: "build" | "dist"): Promise<() => void> {
  const path = join(tmpdir(), `keystone-reviews-${name}.lock`);
  for (;;) {
    try {
      mkdirSync(path);
      return () => rmSync(path, { recursive: true, force: true });
    } catch {
      try {
        if (Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
      } catch {
        // released in between
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
