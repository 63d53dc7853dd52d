/** Runs axe-core (injected from node_modules, never fetched) in a page and returns its violations. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { PROJECT_ROOT } from "../support/fixtures.ts";

export const AXE_PATH = join(PROJECT_ROOT, "node_modules/axe-core/axe.min.js");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let axeSource: string | undefined;

export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the pages' Content-Security-Policy does not govern:
  // a <script> tag with axe's text would be an inline script, which the policy refuses.
  await page.evaluate((axeSource ??= readFileSync(AXE_PATH, "utf8")));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
    }));
  });
}

/** The violations a release must not have: WCAG failures axe rates serious or critical. */
export function findBlockingViolations(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}
