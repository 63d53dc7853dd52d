import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { fingerprintDir, RUN_MARKER } from "../support/run-temp-root.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

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

/** The run fails when the checkout's dist/ changed under it: the fingerprint it compares must see a write. */
describe("fingerprintDir", () => {
  it("changes when a file is added or rewritten, and is null for a folder that does not exist", () => {
    const dir = makeTestTempDir("fingerprint-");
    writeFileSync(join(dir, "reviews.json"), "{}");
    const before = fingerprintDir(dir);
    expect(fingerprintDir(dir)).toBe(before);
    writeFileSync(join(dir, "feed.xml"), "<feed/>");
    const added = fingerprintDir(dir);
    expect(added).not.toBe(before);
    writeFileSync(join(dir, "reviews.json"), '{"reviews":[]}');
    expect(fingerprintDir(dir)).not.toBe(added);
    expect(fingerprintDir(join(dir, "missing"))).toBeNull();
  });
});
