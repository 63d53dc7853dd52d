import { spawn } from "node:child_process";
import { expect, inject, it } from "vitest";

/**
 * `npm run lint:openapi` (Redocly's rules, redocly.yaml) on the OpenAPI document the shared build
 * wrote, in the run's copy of the project: the document a deploy publishes at /openapi.json.
 */
it("passes Redocly's lint of the built /openapi.json", async () => {
  const child = spawn("npm", ["run", "--silent", "lint:openapi"], { cwd: inject("siteRoot"), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve, reject) => child.once("error", reject).once("close", resolve));
  expect(status, output).toBe(0);
  expect(output).toMatch(/openapi\.json: validated/);
}, 60_000);
