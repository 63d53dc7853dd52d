import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const ROOT = join(import.meta.dirname, "../..");

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resident set size of the server process, in MiB (from /proc). */
  rssMiB: () => number;
  stop: () => Promise<void>;
}

/** Builds for a free loopback port (unless `build` is false) and starts `npm run serve` as a child process. */
export async function startServerProcess(options: { build?: boolean; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const port = await findFreePort();
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", SITE_URL: `http://127.0.0.1:${port}`, ...options.env };
  if (options.build !== false) {
    const built = spawnSync(process.execPath, [join(ROOT, "scripts/build.ts")], { cwd: ROOT, env, stdio: "inherit" });
    if (built.status !== 0) throw new Error("build failed");
  }
  const child = spawn(process.execPath, [join(ROOT, "scripts/serve.ts")], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    child,
    rssMiB: () => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
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
