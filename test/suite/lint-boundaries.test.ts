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

  it("let test files import from test/", async () => {
    expect(await importErrors("test/lib/example.test.ts", `import { x } from "../support/x.ts";\nexport const y = x;\n`)).toEqual([]);
  });
});
