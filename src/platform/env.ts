import { resolve } from "node:path";

/**
 * The environment, decoded in one place; everything else receives these values as arguments
 * (eslint.config.js refuses `process.env` anywhere else).
 */
export const DEFAULT_PORT = 8888;
export const DEFAULT_HOST = "127.0.0.1";

export function getPort(env: NodeJS.ProcessEnv = process.env): number {
  const port = Number(env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  return port;
}

export function getHost(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST || DEFAULT_HOST;
}

/** Where the Astro build writes the site: `BUILD_OUT_DIR` (tests build into scratch folders), else `dist/`. */
export function getBuildOutDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.BUILD_OUT_DIR || "./dist";
}

/** `MCP_SESSION_SECRET`, or null when unset or empty (the service then keeps its own secret in Blobs). */
export function getMcpSessionSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.MCP_SESSION_SECRET || null;
}

/**
 * `WEBSUB_ALLOW_PRIVATE_CALLBACKS=true` lets callbacks resolve to loopback
 * and private addresses, for local development and tests only. HTTPS,
 * certificate checks and the refusal of cloud metadata services still
 * apply. Anything but the exact word `true` is off.
 */
export function isPrivateCallbackAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.WEBSUB_ALLOW_PRIVATE_CALLBACKS === "true";
}

/**
 * `{base_url}` of the interface: `SITE_URL`, else Netlify's own `URL` for the
 * site, else the local server's address.
 */
export function getSiteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env.SITE_URL || env.URL;
  if (explicit) return explicit.replace(/\/+$/, "");
  return `http://localhost:${getPort(env)}`;
}

/**
 * The build's date, `YYYY-MM-DD` in UTC: no content may be dated after it.
 * `SOURCE_DATE_EPOCH` (seconds since 1970, the reproducible-builds.org
 * convention) fixes it for tests and deterministic builds; otherwise it is
 * the clock's date. A malformed value stops the build, as that convention asks.
 */
export function getBuildDate(env: NodeJS.ProcessEnv = process.env, now: () => Date = () => new Date()): string {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === "") return now().toISOString().slice(0, 10);
  const date = /^\d{1,12}$/.test(epoch) ? new Date(Number(epoch) * 1000) : null;
  if (date === null) throw new Error(`SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01, got "${epoch}"`);
  return date.toISOString().slice(0, 10);
}

/**
 * Where the CMS at /admin/ commits on a deployed site (docs/editing.md):
 * `CMS_GITHUB_REPO` (`owner/name`), else the GitHub repository Netlify builds
 * from (`REPOSITORY_URL`); `CMS_GITHUB_BRANCH`, else Netlify's `BRANCH`, else
 * main; and the OAuth provider, Netlify's API unless `CMS_AUTH_BASE_URL` says otherwise.
 */
export function getCmsSettings(env: NodeJS.ProcessEnv = process.env): { repo: string; branch: string; authBaseUrl: string } {
  const fromNetlify = /^https:\/\/github\.com\/([^/]+\/[^/]+?)(?:\.git)?\/?$/.exec(env.REPOSITORY_URL ?? "")?.[1];
  return {
    repo: env.CMS_GITHUB_REPO || fromNetlify || "",
    branch: env.CMS_GITHUB_BRANCH || env.BRANCH || "main",
    authBaseUrl: (env.CMS_AUTH_BASE_URL || "https://api.netlify.com").replace(/\/+$/, ""),
  };
}

/**
 * `EDIT_BACKEND_PORT`: where `npm run edit` runs decap-server, the CMS's
 * local backend (default 8081, its own default).
 */
export function getEditBackendPort(env: NodeJS.ProcessEnv = process.env): number {
  const port = Number(env.EDIT_BACKEND_PORT ?? 8081);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`EDIT_BACKEND_PORT must be an integer from 1 to 65535, got "${env.EDIT_BACKEND_PORT}"`);
  return port;
}

/** The content folder: `CONTENT_DIR`, else `content/` in the project. */
export function getContentDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.CONTENT_DIR || "content");
}

/** Where the production server keeps Blobs: `BLOBS_DIR`, else `.netlify/blobs` in the project (kept across restarts). */
export function getBlobsDir(projectRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(projectRoot, env.BLOBS_DIR || ".netlify/blobs");
}

/**
 * `TRUSTED_PROXY_HEADER`: the header a reverse proxy in front of the server
 * sets to the client's address (`x-forwarded-for`, `x-real-ip`). Unset, the
 * client is the socket's peer; never set it without such a proxy, or any
 * client could name its own address (and dodge the rate limits).
 */
export function getTrustedProxyHeader(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.TRUSTED_PROXY_HEADER?.trim().toLowerCase() || null;
}

/** `SHUTDOWN_GRACE_MS`: how long SIGINT/SIGTERM waits for requests and background work (default 30 s, above the hub's longest 25 s budget). */
export function getShutdownGraceMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SHUTDOWN_GRACE_MS ?? 30_000);
  if (!Number.isFinite(value) || value < 0) throw new Error(`SHUTDOWN_GRACE_MS must be a number of milliseconds, got "${env.SHUTDOWN_GRACE_MS}"`);
  return value;
}

/**
 * `RATE_LIMITS=off` turns off the functions' per-client limits in the
 * production server, for load tests and test runs that send hundreds of
 * requests from one address. Anything else keeps them on.
 */
export function areRateLimitsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.RATE_LIMITS !== "off";
}
