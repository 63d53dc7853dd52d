import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let dir: string | undefined;

/** This benchmark process's scratch folder under the OS temp folder, removed when the process exits. */
export function getBenchTempDir(): string {
  if (dir === undefined) {
    const created = mkdtempSync(join(tmpdir(), "keystone-bench-"));
    process.once("exit", () => rmSync(created, { recursive: true, force: true }));
    dir = created;
  }
  return dir;
}
