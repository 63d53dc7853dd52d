import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";
import { PROJECT_ROOT } from "../support/fixtures.ts";

const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the production server's Node flags", () => {
  it.each(["start", "serve"])("are the ones npm run %s starts it with", (name) => {
    expect(scripts[name]).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/serve.mjs`);
  });
});
