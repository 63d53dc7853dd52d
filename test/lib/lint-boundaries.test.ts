import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/fixtures.ts";

/**
 * The dependency rules of style.md, as eslint.config.js enforces them: each
 * line is linted as if it were written in the given file (nothing is written
 * to disk), and must be refused by the named rule.
 */
const eslint = new ESLint({ cwd: PROJECT_ROOT });

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(PROJECT_ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? "fatal");
}

describe("lint boundaries", () => {
  it.each([
    ["src/lib/search/x.ts", 'import { defineConfig } from "astro/config"; void defineConfig;', "no-restricted-imports"],
    ["src/lib/search/x.ts", 'import type { AstroGlobal } from "astro"; export type A = AstroGlobal;', "no-restricted-imports"],
    ["src/lib/search/x.ts", 'import { getSiteUrl } from "../../platform/env.ts"; void getSiteUrl;', "no-restricted-imports"],
    ["src/lib/x.ts", 'import type { McpDeps } from "../mcp/mcp-deps.ts"; export type A = McpDeps;', "no-restricted-imports"],
    ["src/lib/search/x.ts", "export const now = Date.now();", "no-restricted-properties"],
    ["src/lib/search/x.ts", "export const now = new Date();", "no-restricted-syntax"],
    ["src/lib/search/x.ts", "export const port = process.env.PORT;", "no-restricted-properties"],
    ["src/mcp/tools/x.ts", 'import { getSiteUrl } from "../../platform/env.ts"; void getSiteUrl;', "no-restricted-imports"],
    ["src/platform/x.ts", "export const port = process.env.PORT;", "no-restricted-properties"],
    ["netlify/functions/x.ts", "export const port = process.env.PORT;", "no-restricted-properties"],
  ])("%s refuses %s", async (file, code, rule) => {
    expect(await ruleIdsFor(file, code)).toContain(rule);
  });

  it.each([
    ["src/lib/search/x.ts", "export const at = (now: () => number) => new Date(now());"],
    ["src/platform/env.ts", "export const port = process.env.PORT;"],
    ["src/mcp/mcp-deps.ts", 'import type { Store } from "@netlify/blobs"; export type S = Store;'],
  ])("%s allows %s", async (file, code) => {
    expect(await ruleIdsFor(file, code)).toEqual([]);
  });
});
