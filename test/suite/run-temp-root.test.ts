import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { basename, dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_MARKER } from "../support/run-temp-root.ts";

describe("the test run's private temp folder", () => {
  it("is what os.tmpdir() gives in a test worker", () => {
    expect(process.env[RUN_MARKER]).toBeDefined();
    expect(tmpdir()).toBe(process.env[RUN_MARKER]);
    expect(basename(tmpdir())).toMatch(/^keystone-test-/);
  });

  it("is what os.tmpdir() gives in a process a test starts, which carries the run's marker", () => {
    const child = spawnSync(process.execPath, ["-e", `process.stdout.write(JSON.stringify([require("node:os").tmpdir(), process.env.${RUN_MARKER}]))`], {
      encoding: "utf8",
    });
    expect(JSON.parse(child.stdout)).toEqual([tmpdir(), tmpdir()]);
  });

  it("keeps build locks in the real temp folder, shared with runs outside the suite", () => {
    expect(process.env.KEYSTONE_LOCK_DIR).toBe(dirname(tmpdir()));
  });
});
