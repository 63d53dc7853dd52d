import { mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { TestProject } from "vitest/node";
import { findFreePort } from "./free-port.ts";
import { runScriptAsync, startServer, stopProcess } from "./run-node.ts";
import { RUN_MARKER } from "./run-temp-root.ts";
import { acquireShared } from "./shared-setup.ts";
import { createStage, hashTree } from "./stage.ts";
import { createTestTls, writeTestTls } from "./test-ca.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The env the shared server runs with (PORT, HOST, SITE_URL, CONTENT_DIR, ...), for tests that start a second server on the same build. */
    serverEnv: Record<string, string>;
    /** Folder with the throwaway CA (ca.pem) and the loopback subscriber's cert.pem/key.pem. */
    websubTlsDir: string;
    /** The run's copy of the project (test/support/stage.ts): the shared server serves its dist/; start scripts there. */
    siteRoot: string;
    /** What the shared build printed, and the SHA-256 of each file it wrote (by path under dist/). */
    siteBuild: { stdout: string; hashes: Record<string, string> };
  }
}

interface Site {
  baseUrl: string;
  serverEnv: Record<string, string>;
  websubTlsDir: string;
  siteRoot: string;
  siteBuild: { stdout: string; hashes: Record<string, string> };
  stop: () => Promise<void>;
}

/**
 * Builds the site once, in a copy of the project under the run's temp folder, for a free loopback
 * port, and starts the production server there (`npm run serve`), as a user would run it.
 */
async function startSite(): Promise<Site> {
  // The run's private temp folder (run-temp-root.ts, listed before this setup), removed at the end.
  if (process.env[RUN_MARKER] === undefined) throw new Error("test/support/run-temp-root.ts must come before global-setup.ts in globalSetup");
  const root = tmpdir();
  const siteRoot = createStage(root);
  // The content lives beside the stage, not in it: a build that ignored CONTENT_DIR would find no content/ and fail.
  const contentDir = join(mkdtempSync(join(root, "site-content-")), "content");
  renameSync(join(siteRoot, "content"), contentDir);
  // WebSub tests: the server must trust a throwaway CA from the start (NODE_EXTRA_CA_CERTS is read at
  // process start) and may call back to loopback subscribers. TLS verification stays on.
  const websubTlsDir = mkdtempSync(join(root, "websub-tls-"));
  const remove = () => {
    rmSync(siteRoot, { recursive: true, force: true });
    rmSync(dirname(contentDir), { recursive: true, force: true });
    rmSync(websubTlsDir, { recursive: true, force: true });
  };
  try {
    const { caPath } = writeTestTls(websubTlsDir, await createTestTls());
    const port = await findFreePort();
    const env = { PORT: String(port), HOST: "127.0.0.1", SITE_URL: `http://127.0.0.1:${port}`, CONTENT_DIR: contentDir };
    const build = await runScriptAsync("scripts/build.ts", env, siteRoot);
    if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
    const hashes = hashTree(join(siteRoot, "dist"));
    // Hundreds of requests come from one address here: the rate limits have their own test (production-server.test.ts).
    const serverEnv = { ...env, NODE_EXTRA_CA_CERTS: caPath, WEBSUB_ALLOW_PRIVATE_CALLBACKS: "true", RATE_LIMITS: "off" };
    const server = await startServer(serverEnv, "scripts/serve.mjs", siteRoot);
    return {
      baseUrl: server.url,
      serverEnv,
      websubTlsDir,
      siteRoot,
      siteBuild: { stdout: build.stdout, hashes },
      stop: async () => {
        await stopProcess(server.child);
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Vitest global setup of the integration projects. Both (the files that run side by side, and the
 * ones that change the served site, which run after them) share one build and one server: the
 * first call starts them, the last teardown stops them and removes the stage.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = acquireShared("integration-site", startSite, async (site) => (await site).stop());
  const site = await shared.value;
  project.provide("baseUrl", site.baseUrl);
  project.provide("serverEnv", site.serverEnv);
  project.provide("websubTlsDir", site.websubTlsDir);
  project.provide("siteRoot", site.siteRoot);
  project.provide("siteBuild", site.siteBuild);
  return shared.release;
}
