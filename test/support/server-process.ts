import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { findFreePort } from "./free-port.ts";
import { runScript, startServer } from "./run-node.ts";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resident set size of the server process, in MiB (from /proc). */
  rssMiB: () => number;
  stop: () => Promise<void>;
}

/** Builds for a free loopback port (unless `build` is false) and starts `npm run serve` (or `script`) as a child process. */
export async function startServerProcess(options: { build?: boolean; env?: Record<string, string>; script?: string } = {}): Promise<ServerProcess> {
  const port = await findFreePort();
  // Load and fuzz runs send thousands of requests from one address: no per-client limits.
  const env = { PORT: String(port), HOST: "127.0.0.1", SITE_URL: `http://127.0.0.1:${port}`, RATE_LIMITS: "off", ...options.env };
  if (options.build !== false) {
    const built = runScript("scripts/build.ts", env);
    if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}\n${built.stderr}`);
  }
  const { child, url } = await startServer(env, options.script);
  return {
    url,
    child,
    rssMiB: () => {
      try {
        return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
      } catch {
        return 0;
      }
    },
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
