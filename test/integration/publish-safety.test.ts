import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { findFreePort } from "../support/free-port.ts";
import { runScript } from "../support/run-node.ts";

/**
 * Issue 15: `npm run publish` with the server on another port rebuilt the
 * served dist/ for the wrong origin. Now publish checks the server first,
 * and the build refuses to rebuild a dist/ that a running server serves for
 * another origin (the shared server of this run serves the stage's dist/ for `base`).
 */
const base = inject("baseUrl");
const siteRoot = inject("siteRoot");
const CONTENT_DIR = inject("serverEnv").CONTENT_DIR!;
const builtAt = () => statSync(join(siteRoot, "dist/reviews.json")).mtimeMs;

describe("publish and build never rebuild a served dist/ for another origin", () => {
  it("publish with no server at its origin builds nothing and says how to start one", async () => {
    const before = builtAt();
    const port = await findFreePort();
    const result = runScript("scripts/publish.ts", { PORT: String(port), SITE_URL: "", CONTENT_DIR }, siteRoot);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No server answers at http://localhost:${port}`);
    expect(result.stderr).toContain("nothing was built");
    expect(builtAt()).toBe(before);
  });

  it("the build refuses to rebuild dist/ for another origin while a server serves it, naming that server", () => {
    const before = builtAt();
    const result = runScript("scripts/build.ts", { SITE_URL: "http://127.0.0.1:1", CONTENT_DIR }, siteRoot);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`serves it for ${base}`);
    expect(builtAt()).toBe(before);
  });
});
