/**
 * `npm run edit`: local editing in one command (docs/editing.md). Starts
 * the site (the production server, as `npm start` does, building first only
 * when dist/ has no CMS yet) and decap-server, the CMS's local backend, on
 * 127.0.0.1:EDIT_BACKEND_PORT (default 8081) over the folder that holds
 * CONTENT_DIR; then prints the admin URL. A save writes the file into
 * content/; `npm run publish` then rebuilds and deploys it locally.
 * Ctrl-C stops both.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { basename, dirname, join } from "node:path";
import { getContentDir, getEditBackendPort } from "../src/platform/env.ts";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

const root = join(import.meta.dirname, "..");
const contentDir = getContentDir();
const backendPort = getEditBackendPort();
// The CMS's paths are content/reviews, content/business.json, ...: relative to the folder above content/.
if (basename(contentDir) !== "content") {
  console.error(`CONTENT_DIR must be a folder named content (the CMS writes content/...), got ${contentDir}`);
  process.exit(1);
}

const outDir = process.env.BUILD_OUT_DIR || join(root, "dist");
if (!existsSync(join(outDir, "admin/index.html"))) {
  console.log("Building the site and the CMS first (about 10 s)...");
  const build = spawnSync(process.execPath, [join(root, "scripts/build.ts")], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children: ChildProcess[] = [];
let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  let left = children.filter((child) => child.exitCode === null).length;
  if (left === 0) process.exit(code);
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.once("exit", () => --left === 0 && process.exit(code));
    child.kill("SIGTERM");
  }
}

function start(name: string, args: string[], env: Record<string, string>, cwd: string): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  child.once("exit", (code) => {
    if (!stopping) console.error(`${name} stopped (exit ${code}); stopping the rest.`);
    stop(stopping ? 0 : 1);
  });
  children.push(child);
  return child;
}

const backend = start(
  "decap-server",
  [join(root, "node_modules/decap-server/dist/index.js")],
  { PORT: String(backendPort), BIND_HOST: "127.0.0.1", MODE: "fs", GIT_REPO_DIRECTORY: dirname(contentDir) },
  dirname(contentDir),
);
// Every line of decap-server's log gets the prefix, however its lines arrive in chunks.
createInterface({ input: backend.stdout! }).on("line", (line) => console.log(`decap-server: ${line}`));

const site = start("the site server", [...SERVER_NODE_FLAGS, join(root, "scripts/serve.mjs")], {}, root);
let printed = "";
let announced = false;
site.stdout!.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (announced) return;
  printed += chunk.toString();
  const listening = /listening on (http:\/\/\S+)/.exec(printed);
  if (listening === null) return;
  announced = true;
  const query = backendPort === 8081 ? "" : `?backend_port=${backendPort}`;
  console.log(`\nEdit content at ${listening[1]}/admin/${query}`);
  console.log(`Saves go to ${contentDir}; run \`npm run publish\` to put them on this server. Ctrl-C stops both servers.\n`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));
