import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { acquireDistLock } from "./dist-lock.ts";
import { findFreePort } from "./free-port.ts";
import { runScript, startServer } from "./run-node.ts";
import { createTestTls, writeTestTls } from "./test-ca.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The env the shared server runs with (PORT, HOST, SITE_URL, ...), for tests that start a second server on the same dist/. */
    serverEnv: Record<string, string>;
    /** Folder with the throwaway CA (ca.pem) and the loopback subscriber's cert.pem/key.pem. */
    websubTlsDir: string;
  }
}

/**
 * Builds the site for a free loopback port and starts the local server
 * (`npm run serve`) once for all integration tests, as a user would run it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // WebSub tests: the server must trust a throwaway CA from the start (NODE_EXTRA_CA_CERTS is read at
  // process start) and may call back to loopback subscribers. TLS verification stays on.
  const tlsDir = mkdtempSync(join(tmpdir(), "websub-tls-"));
  const { caPath } = writeTestTls(tlsDir, await createTestTls());
  const release = await acquireDistLock();
  const port = await findFreePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: "127.0.0.1", SITE_URL: siteUrl };
  const build = runScript("scripts/build.ts", env);
  if (build.status !== 0) {
    release();
    throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  }
  // Hundreds of requests come from one address here: the rate limits have their own test (production-server.test.ts).
  const serverEnv = { ...env, NODE_EXTRA_CA_CERTS: caPath, WEBSUB_ALLOW_PRIVATE_CALLBACKS: "true", RATE_LIMITS: "off" };
  const server = await startServer(serverEnv).catch((error: unknown) => {
    release();
    throw error;
  });
  project.provide("baseUrl", server.url);
  project.provide("serverEnv", serverEnv);
  project.provide("websubTlsDir", tlsDir);
  return async () => {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    rmSync(tlsDir, { recursive: true, force: true });
    release();
  };
}
