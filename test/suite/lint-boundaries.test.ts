import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/fixtures.ts";

/**
 * The rules eslint.config.js enforces: which room may import which
 * (docs/architecture.md), and that src/lib reads no clock, environment or
 * framework of its own. Each case lints a line as if it stood in the named
 * file and expects the named rule to refuse it, or to let it pass.
 */
const eslint = new ESLint({ cwd: PROJECT_ROOT });

/** The rule ids a line gets when linted as if it were written in `file` (nothing is written to disk). */
async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: join(PROJECT_ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? "fatal");
}

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("lint boundaries", () => {
  it.each(["src/lib/insights/example.ts", "src/mcp/example.ts", "src/platform/example.ts", "src/server/example.ts"])(
    "refuse an import from test/ in %s",
    async (filePath) => {
      const depth = filePath.split("/").length - 1;
      const errors = await importErrors(filePath, `import { x } from "${"../".repeat(depth)}test/fixtures/x.ts";\nexport const y = x;\n`);
      expect(errors).toEqual([expect.stringContaining("must not import from test/")]);
    },
  );

  it.each([
    ["src/server/example.ts", "../mcp/handler.ts", "src/server may not import"],
    ["src/server/example.ts", "../pages/index.astro", "src/server may not import"],
    ["src/admin/example.ts", "../platform/env.ts", "src/admin may not import"],
    ["src/platform/example.ts", "../server/functions.ts", "src/platform may not import"],
    ["src/lib/example.ts", "../platform/env.ts", "src/lib depends on nothing of ours outside itself"],
    ["src/mcp/tools/example.ts", "../../platform/env.ts", "src/mcp gets platform services through McpDeps"],
  ])("keep %s from importing %s", async (filePath, target, message) => {
    const errors = await importErrors(filePath, `import * as x from "${target}";\nexport const y = x;\n`);
    expect(errors).toEqual([expect.stringContaining(message)]);
  });

  it("let a room import what docs/architecture.md allows it", async () => {
    expect(await importErrors("src/server/example.ts", `import * as x from "../platform/env.ts";\nexport const y = x;\n`)).toEqual([]);
    expect(await importErrors("src/mcp/tools/example.ts", `import * as x from "../../lib/zod.ts";\nexport const y = x;\n`)).toEqual([]);
  });

  it("let test files import from test/", async () => {
    expect(await importErrors("test/lib/example.test.ts", `import { x } from "../support/x.ts";\nexport const y = x;\n`)).toEqual([]);
  });
});

describe("lint rules that keep code testable", () => {
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
