import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const LOCK = join(tmpdir(), "keystone-reviews-dist.lock");
const STALE_MS = 20 * 60_000;

/**
 * Integration runs build into the shared dist/ and serve it; two runs at once
 * (two terminals, two agents) would clobber each other. This cross-process
 * lock (an atomic mkdir) makes them take turns. A lock older than 20 minutes
 * is treated as left behind by a killed run.
 */
export async function acquireDistLock(): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // the holder released it in between
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
