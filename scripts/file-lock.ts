import { createHash } from "node:crypto";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const STALE_MS = 20 * 60_000;
/** Locks belong to one checkout: two clones (or git worktrees) never wait for each other. */
const CHECKOUT = createHash("sha256")
  .update(join(import.meta.dirname, ".."))
  .digest("hex")
  .slice(0, 12);

/**
 * A cross-process lock (an atomic mkdir under the temp folder). Builds share
 * .netlify/ and .astro/, and integration runs and benchmarks share dist/ and
 * the server that serves it, so concurrent runs (two terminals, two agents)
 * take turns. A lock older than 20 minutes is treated as left behind by a
 * killed run. The lock is per checkout. Returns the release function.
 */
export async function acquireLock(name: "build" | "dist"): Promise<() => void> {
  // KEYSTONE_LOCK_DIR: the test run points TMPDIR at a private folder, but its builds must take turns with any other.
  const path = join(process.env.KEYSTONE_LOCK_DIR || tmpdir(), `keystone-reviews-${CHECKOUT}-${name}.lock`);
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
