/**
 * `npm run edit` as an editor runs it, over a temporary copy of content/,
 * in the run's copy of the project, whose dist/ the integration setup built
 * (so it does not build again).
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, expect, inject, it } from "vitest";
import { findFreePort } from "../support/free-port.ts";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

it("starts decap-server on loopback beside the site, prints the admin URL, and stops both on Ctrl-C", async () => {
  const siteRoot = inject("siteRoot");
  const repo = mkdtempSync(join(tmpdir(), "edit-repo-"));
  cpSync(inject("serverEnv").CONTENT_DIR!, join(repo, "content"), { recursive: true });
  const [port, backendPort] = [await findFreePort(), await findFreePort()];
  const env = { ...process.env, ...inject("serverEnv"), PORT: String(port), EDIT_BACKEND_PORT: String(backendPort), CONTENT_DIR: join(repo, "content") };
  const child = spawn(process.execPath, [join(siteRoot, "scripts/edit.ts")], { cwd: siteRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  cleanup = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(repo, { recursive: true, force: true });
  };

  await expect.poll(() => /Edit content at (\S+)/.exec(output)?.[1], { timeout: 30_000 }).toBe(`http://127.0.0.1:${port}/admin/?backend_port=${backendPort}`);
  // Bound to loopback only (BIND_HOST), as decap-server says once it listens.
  await expect.poll(() => output, { timeout: 10_000 }).toMatch(new RegExp(`decap-server: .*listening on 127\\.0\\.0\\.1:${backendPort}`));
  const admin = await fetch(`http://127.0.0.1:${port}/admin/`);
  expect(admin.status).toBe(200);
  expect(await admin.text()).toContain('<script src="/admin/cms-setup.js" defer></script>');
  // decap-server serves the copy: its repository is the folder that holds content/.
  const info = await fetch(`http://127.0.0.1:${backendPort}/api/v1`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action: "info" }),
  });
  expect(await info.json()).toMatchObject({ repo: basename(repo), type: "local_fs" });

  child.kill("SIGINT");
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${backendPort}/api/v1`, { method: "POST" })).rejects.toThrow();
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
}, 60_000);
