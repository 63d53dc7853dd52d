import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { astroBuildCommand } from "../../scripts/astro-build-command.ts";
import { PROJECT_ROOT } from "../support/fixtures.ts";

/**
 * What docs/development.md promises of the npm scripts: Astro never prints
 * its telemetry notice or sends telemetry, `npm run test:unit` builds and
 * serves nothing, and `npm test` leaves this checkout's dist/ alone (the
 * integration run builds in a copy of the project, test/support/stage.ts).
 */
const { scripts } = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };

describe("package.json scripts", () => {
  it("turn Astro's telemetry off wherever they run Astro", () => {
    const runsAstro = Object.entries(scripts).filter(([, command]) => /(?:^|&&\s*|\s)astro\s/.test(command));
    expect(runsAstro.map(([name]) => name)).toContain("typecheck");
    for (const [name, command] of runsAstro) expect(command, name).toMatch(/ASTRO_TELEMETRY_DISABLED=1 astro\s/);
    // The build runs Astro from scripts/build.ts, with the same setting in its environment.
    expect(readFileSync(join(PROJECT_ROOT, "scripts/build.ts"), "utf8")).toMatch(/spawn\(process\.execPath, astro\.args, \{[^}]*env: astro\.env/);
    expect(astroBuildCommand(PROJECT_ROOT, {}).env.ASTRO_TELEMETRY_DISABLED).toBe("1");
  });

  it("keep test:unit to the unit project, and npm test from building this checkout's dist/", () => {
    expect(scripts["test:unit"]).toBe("vitest run --project unit");
    expect(scripts.test).not.toMatch(/\bbuild\b/);
    expect(scripts.test).toMatch(/vitest run$/);
  });
});
