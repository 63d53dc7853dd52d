import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readBuiltFile } from "../../src/platform/read-built-file.ts";

describe("readBuiltFile", () => {
  const dir = mkdtempSync(join(tmpdir(), "built-file-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("parses a file of the build's output", () => {
    writeFileSync(join(dir, "reviews.json"), '{"reviews":[]}');
    expect(readBuiltFile(pathToFileURL(join(dir, "reviews.json")))).toEqual({ reviews: [] });
  });

  it("names the missing file and how it gets shipped", () => {
    expect(() => readBuiltFile(pathToFileURL(join(dir, "missing.json")))).toThrow(/missing\.json is missing: run `npm run build` first.*included_files/);
  });
});
