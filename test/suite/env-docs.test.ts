import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/fixtures.ts";

/**
 * Every environment variable that a message of ours tells someone to set
 * ("set BUILD_OUT_DIR", "SUBSCRIBER_SECRET=…", "start … with X set") is
 * documented, by name, in README.md or docs/: the message is only useful
 * if the reader can find what the variable does.
 */
function listSources(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `set NAME`, `NAME=` and `with NAME set` in string and template literals: what a message asks the reader to do. */
const SUGGESTION = /\b(?:set|with|unset)\s+([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b|\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)=/g;
const LITERAL = /(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
/** Variables the platform reads for every script and function. */
const ENV_MODULE = readFileSync(join(PROJECT_ROOT, "src/platform/env.ts"), "utf8");

function findSuggestedVariables(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of [...listSources("scripts"), ...listSources("src")]) {
    const source = readFileSync(file, "utf8");
    for (const literal of source.matchAll(LITERAL)) {
      for (const match of literal[2]!.matchAll(SUGGESTION)) {
        const name = match[1] ?? match[2]!;
        // Only environment variables: read by this file or by the platform, or Node's own.
        if (!source.includes(`env.${name}`) && !ENV_MODULE.includes(`env.${name}`) && !name.startsWith("NODE_")) continue;
        const where = file.slice(PROJECT_ROOT.length + 1);
        if (!found.get(name)?.includes(where)) found.set(name, [...(found.get(name) ?? []), where]);
      }
    }
  }
  return found;
}

describe("environment variables named in messages", () => {
  const documentation = [
    readFileSync(join(PROJECT_ROOT, "README.md"), "utf8"),
    ...readdirSync(join(PROJECT_ROOT, "docs")).map((name) => readFileSync(join(PROJECT_ROOT, "docs", name), "utf8")),
  ].join("\n");
  const suggested = findSuggestedVariables();

  it("finds the ones the build and the subscriber suggest", () => {
    expect([...suggested.keys()]).toEqual(expect.arrayContaining(["BUILD_OUT_DIR", "SITE_URL", "SUBSCRIBER_SECRET"]));
  });

  it.each([...suggested.entries()])("documents %s (suggested in %j)", (name) => {
    expect(documentation).toContain(`\`${name}\``);
  });
});
