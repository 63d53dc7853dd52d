/**
 * Headless Chromium for the browser tests: Debian's `chromium` package driven
 * by playwright-core, a fresh profile per run, and every request to an origin
 * other than the site's own aborted and recorded (the site must load nothing
 * from elsewhere, and no test may reach beyond loopback).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** No GPU, no QUIC, and none of Chromium's own background traffic (updates, sync, field trials). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const DESKTOP = { width: 1280, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export class ChromiumMissingError extends Error {
  constructor(path: string) {
    super(`Chromium not found at ${path}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`);
    this.name = "ChromiumMissingError";
  }
}

export interface SiteBrowser {
  context: BrowserContext;
  /** Requests the pages tried to send to any other origin (all of them were aborted). */
  blockedRequests: string[];
  close: () => Promise<void>;
}

/** True for an http(s) URL on a loopback host. */
export function isLoopbackUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return (protocol === "http:" || protocol === "https:") && LOOPBACK_HOSTS.has(hostname);
}

export async function launchSiteBrowser(allowedOrigins: readonly string[]): Promise<SiteBrowser> {
  if (!existsSync(CHROMIUM_PATH)) throw new ChromiumMissingError(CHROMIUM_PATH);
  for (const origin of allowedOrigins) if (!isLoopbackUrl(origin)) throw new Error(`refusing to browse ${origin}: tests stay on loopback`);
  const profile = mkdtempSync(join(tmpdir(), "keystone-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: DESKTOP,
    serviceWorkers: "block",
  });
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  const blockedRequests: string[] = [];
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (allowed.has(new URL(url).origin)) return route.continue();
    blockedRequests.push(url);
    return route.abort("blockedbyclient");
  });
  return {
    context,
    blockedRequests,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
