import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/**
 * A fresh folder under the temp folder that is removed when the calling test
 * finishes, passed or failed. Call it inside a test; in a hook or at describe
 * level, use mkdtempSync with your own afterAll.
 */
export function makeTestTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
