import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { PROJECT_ROOT } from "./fixtures.ts";
import { acquireShared } from "./shared-setup.ts";

/** Set in the environment of every process of one test run: its private temp folder. */
export const RUN_MARKER = "KEYSTONE_TEST_RUN_TMPDIR";

const TEMP_VARIABLES = ["TMPDIR", "TMP", "TEMP"] as const;

/**
 * Caches that tools keep in the temp folder on purpose, not leaks: Node's
 * module compile cache (`module.enableCompileCache()`, which Astro's CLI
 * turns on). They are removed with the run's folder but do not fail the run.
 */
const TOOL_CACHES = new Set(["node-compile-cache"]);

/** The parent pid from /proc/PID/stat (the field after the state, past the parenthesized command name). */
const parentPid = (stat: string): number => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);

/**
 * Processes still alive whose environment carries this run's marker: what the
 * run started and did not stop (servers, builds, browsers), wherever they were
 * spawned. Vitest's own helpers (its workers and watchdog, children of this
 * process) are not counted. Linux only (reads /proc); elsewhere the list is empty.
 */
function findRunProcesses(root: string): { pid: number; command: string }[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  const needle = `${RUN_MARKER}=${root}\0`;
  return pids.flatMap((pid) => {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "latin1").includes(needle)) return [];
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      if (parentPid(readFileSync(`/proc/${pid}/stat`, "utf8")) === process.pid && command.includes("vitest")) return [];
      return [{ pid: Number(pid), command }];
    } catch {
      return []; // gone, or not ours to read
    }
  });
}

/**
 * Each file under `dir` with its size and modification time, or null when there is no `dir`:
 * equal fingerprints mean nothing was written there.
 */
export function fingerprintDir(dir: string): string | null {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return null;
  }
  return entries
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => {
      const stat = statSync(path);
      return `${relative(dir, path)} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort()
    .join("\n");
}

async function waitForRunProcesses(root: string, timeoutMs: number): Promise<{ pid: number; command: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = findRunProcesses(root);
    if (alive.length === 0 || Date.now() >= deadline) return alive;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Vitest global setup for every project. The run gets one private folder
 * under the OS temp folder and points TMPDIR (TMP, TEMP) at it before any
 * worker starts, so everything the run creates with `os.tmpdir()` (tests,
 * the scripts and servers they spawn, and the libraries those use) lands
 * there. At the end it checks that the tests removed what they made and that
 * no process they started is still running, then removes the folder: the
 * backstop never touches another run's files, and the suite fails if a test
 * leaks. Build locks stay in the real temp folder (KEYSTONE_LOCK_DIR). The
 * run builds and serves in a copy of the project (stage.ts), so it also fails
 * if this checkout's dist/, which `npm start` may be serving, changed meanwhile.
 *
 * Every project lists this setup first (vitest.config.ts): vitest runs the
 * root's global setup after the projects' own, too late for the integration
 * build. The first call makes the folder and the last teardown checks it, so
 * it outlives the shared server, which a project's own teardown stops first.
 */
export default function setup(): () => Promise<void> {
  return acquireShared("run-temp-root", startRun, (finish) => finish()).release;
}

/** Makes the run's folder and points the temp variables at it; the function it returns checks and removes it. */
function startRun(): () => Promise<void> {
  const saved = Object.fromEntries(["KEYSTONE_LOCK_DIR", ...TEMP_VARIABLES].map((name) => [name, process.env[name]]));
  const realTemp = tmpdir();
  const root = mkdtempSync(join(realTemp, "keystone-test-"));
  const checkoutDist = join(PROJECT_ROOT, "dist");
  const distBefore = fingerprintDir(checkoutDist);
  process.env.KEYSTONE_LOCK_DIR ??= realTemp;
  process.env[RUN_MARKER] = root;
  for (const name of TEMP_VARIABLES) process.env[name] = root;

  return async () => {
    const survivors = await waitForRunProcesses(root, 5_000);
    for (const { pid } of survivors) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // exited meanwhile
      }
    }
    const leftovers = readdirSync(root).filter((name) => !TOOL_CACHES.has(name));
    rmSync(root, { recursive: true, force: true });
    delete process.env[RUN_MARKER];
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    const problems = [
      ...(fingerprintDir(checkoutDist) === distBefore
        ? []
        : [`changed ${checkoutDist} (a running server may serve it): tests build and serve in the run's stage`]),
      ...leftovers.map((name) => `left in the temp folder: ${name}`),
      ...survivors.map(({ pid, command }) => `still running (now killed): pid ${pid}: ${command.slice(0, 200)}`),
    ];
    if (problems.length > 0) throw new Error(`The test run did not clean up after itself:\n  ${problems.join("\n  ")}`);
  };
}
