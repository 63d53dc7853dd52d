import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/fixtures.ts";

const eslint = new ESLint({ cwd: PROJECT_ROOT });

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
