import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { createSiteUrls } from "../../src/lib/dataset/site-urls.ts";
import { PROJECT_ROOT } from "../support/fixtures.ts";
import { findFreePort } from "../support/free-port.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

/**
 * The README's local WebSub recipe: `npm run subscriber` plus a server that
 * trusts its development CA. The shared test server trusts the CA in
 * `websubTlsDir` (global-setup.ts), so the script is pointed at that folder
 * and must reuse it, as it reuses its own across restarts.
 */
const base = inject("baseUrl");
const urls = createSiteUrls(base);
const tlsDir = inject("websubTlsDir");

interface Subscriber {
  child: ChildProcess;
  port: number;
  /** Resolves with the output once it matches `pattern`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  stop: () => Promise<void>;
  output: () => string;
}

async function startSubscriberScript(caDir: string, env: Record<string, string> = {}): Promise<Subscriber> {
  const port = await findFreePort();
  const child = spawn(process.execPath, [join(PROJECT_ROOT, "scripts/subscriber.ts")], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, WEBSUB_DEV_CA_DIR: caDir, SUBSCRIBER_PORT: String(port), SITE_URL: base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const waitFor = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(output);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no ${pattern} in the subscriber's output:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  // Stopped when the test ends, even on a timeout, so no subscriber outlives the suite.
  onTestFinished(stop);
  return { child, port, waitFor, stop, output: () => output };
}

const hub = (fields: Record<string, string>) =>
  fetch(urls.hub, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

/** GET over HTTPS trusting only `ca`, as the hub's verification does. */
function getWithCa(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { ca }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

describe("npm run subscriber (the README's local WebSub recipe)", () => {
  it("makes a development CA on first use, and serves a certificate for localhost that it signs", async () => {
    const caDir = makeTestTempDir("websub-dev-ca-");
    const subscriber = await startSubscriberScript(caDir);
    {
      // The last of the start-up lines: the output may arrive in more than one chunk.
      const output = await subscriber.waitFor(/WEBSUB_ALLOW_PRIVATE_CALLBACKS=true npm start/);
      expect(output).toContain(`Made a development CA in ${caDir}`);
      expect(output).toContain(`NODE_EXTRA_CA_CERTS=${join(caDir, "ca.pem")} WEBSUB_ALLOW_PRIVATE_CALLBACKS=true npm start`);
      expect(["ca.pem", "cert.pem", "key.pem"].every((name) => existsSync(join(caDir, name)))).toBe(true);
      const answer = await getWithCa(
        `https://localhost:${subscriber.port}/websub?hub.mode=subscribe&hub.topic=t&hub.challenge=c-123`,
        readFileSync(join(caDir, "ca.pem"), "utf8"),
      );
      expect(answer).toEqual({ status: 200, body: "c-123" });
    }
  }, 180_000);

  it("gets a subscribe request answered 202 by the local hub, and the hub's verification echoed", async () => {
    const secret = `recipe-secret-${randomUUID()}`;
    const subscriber = await startSubscriberScript(tlsDir, { SUBSCRIBER_SECRET: secret });
    const callback = `https://localhost:${subscriber.port}/recipe-${randomUUID().slice(0, 8)}`;
    {
      // The curl line is the last of the start-up output: wait for it, not only the first line.
      const output = await subscriber.waitFor(/curl -si .* -d hub\.callback=.*hub\.secret=/);
      expect(output).toContain(`Using the development CA in ${tlsDir}`);
      expect(output).toContain(`curl -si ${urls.hub} -d hub.mode=subscribe -d hub.topic=${urls.jsonFeed}`);
      expect(output).toContain(`--data-urlencode 'hub.secret=${secret}'`);
      const subscribed = await hub({
        "hub.mode": "subscribe",
        "hub.topic": urls.jsonFeed,
        "hub.callback": callback,
        "hub.lease_seconds": "60",
        "hub.secret": secret,
      });
      expect(subscribed.status, await subscribed.clone().text()).toBe(202);
      await subscriber.waitFor(new RegExp(`verified  subscribe ${urls.jsonFeed.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} at /recipe-`));
      // Leave nothing behind for the other WebSub tests: unsubscribe, verified the same way.
      expect((await hub({ "hub.mode": "unsubscribe", "hub.topic": urls.jsonFeed, "hub.callback": callback })).status).toBe(202);
      await subscriber.waitFor(/verified {2}unsubscribe /);
    }
  }, 180_000);
});
