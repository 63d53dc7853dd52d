import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { SERVER_NODE_FLAGS } from "../../scripts/server-node-flags.mjs";
import { PROJECT_ROOT } from "./fixtures.ts";

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a project script with the current Node, as `npm run` would, in `root` (the integration run's stage, or this checkout). */
export function runScript(script: string, env: Record<string, string> = {}, root = PROJECT_ROOT): RunResult {
  const result = spawnSync(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 240_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** runScript without blocking this process, for callers that must keep answering meanwhile (a subscriber, a server). */
export function runScriptAsync(script: string, env: Record<string, string> = {}, root = PROJECT_ROOT): Promise<RunResult> {
  const child = spawn(process.execPath, [join(root, script)], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Starts a server script in `root` (the production server unless told, with the flags npm start gives it)
 * and resolves once it prints its address.
 */
export function startServer(
  env: Record<string, string>,
  script = "scripts/serve.mjs",
  root = PROJECT_ROOT,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const flags = script === "scripts/serve.mjs" ? SERVER_NODE_FLAGS : [];
  const child = spawn(process.execPath, [...flags, join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

/** Sends SIGTERM and resolves once the process has exited (at once if it already has). */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
