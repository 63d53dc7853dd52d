import type { TestProject } from "vitest/node";
import { acquireDistLock } from "./dist-lock.ts";
import { findFreePort } from "./free-port.ts";
import { runScript, startServer } from "./run-node.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Builds the site for a free loopback port and starts the local server
 * (`npm run serve`) once for all integration tests, as a user would run it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const release = await acquireDistLock();
  const port = await findFreePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: "127.0.0.1", SITE_URL: siteUrl };
  const build = runScript("scripts/build.ts", env);
  if (build.status !== 0) {
    release();
    throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const server = await startServer(env).catch((error: unknown) => {
    release();
    throw error;
  });
  project.provide("baseUrl", server.url);
  return async () => {
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    release();
  };
}
