/**
 * `npm run publish`: simulates a Netlify deploy against the running server
 * (`npm start`, or `npm run serve:netlify`). It first checks that a server
 * answers at SITE_URL (else PORT on localhost), so nothing is built for an
 * origin nobody serves; then rebuilds dist/ from content/ for that origin
 * (the build itself refuses to rebuild a dist/ that a server serves for
 * another origin: scripts/live-servers.ts), then triggers the
 * `deploy-succeeded` event function, which makes the server take the new
 * files and notifies WebSub subscribers of the topics that changed
 * (docs/websub.md).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { getSiteUrl } from "../src/platform/env.ts";

const root = join(import.meta.dirname, "..");
const siteUrl = getSiteUrl();

try {
  const probe = await fetch(`${siteUrl}/reviews.json`, { method: "HEAD", signal: AbortSignal.timeout(10_000) });
  if (probe.status !== 200) throw new Error(`HEAD /reviews.json answered ${probe.status}`);
} catch (error) {
  console.error(
    `No server answers at ${siteUrl} (${(error as Error).message}); nothing was built. Start it with \`npm start\`, and run publish with the same PORT and SITE_URL.`,
  );
  process.exit(1);
}

const build = spawnSync(process.execPath, [join(root, "scripts/build.ts")], { cwd: root, stdio: "inherit", env: { ...process.env, SITE_URL: siteUrl } });
if (build.status !== 0) process.exit(build.status ?? 1);

let response: Response;
try {
  response = await fetch(`${siteUrl}/.netlify/functions/deploy-succeeded`, {
    method: "POST",
    headers: { "x-netlify-event": "deploy_succeeded", "Content-Type": "application/json" },
    body: JSON.stringify({ payload: { id: "local", state: "ready", created_at: new Date().toISOString() }, site: {} }),
    signal: AbortSignal.timeout(120_000),
  });
} catch (error) {
  console.error(`Could not reach the server at ${siteUrl} (${(error as Error).message}). Start it with \`npm start\` (same PORT and SITE_URL) and try again.`);
  process.exit(1);
}
const body = (await response.json().catch(() => null)) as {
  topics?: { topic: string; status: string; delivered?: number; failed?: number; removed?: number; message?: string }[];
} | null;
if (!body?.topics) {
  console.error(`deploy-succeeded answered ${response.status}: ${JSON.stringify(body)}`);
  process.exit(1);
}
for (const topic of body.topics) {
  const detail =
    topic.status === "changed"
      ? `delivered ${topic.delivered}, failed ${topic.failed}, removed ${topic.removed}`
      : topic.status === "error"
        ? topic.message
        : "no notification";
  console.log(`${topic.status.padEnd(9)} ${topic.topic}  ${detail}`);
}
process.exit(response.ok ? 0 : 1);
