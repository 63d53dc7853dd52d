/**
 * Every function in netlify/functions, imported once at start-up and kept:
 * its default export is called in-process for each request, with the
 * routing, rate limit and schedule its own `config` asks for.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config, Context } from "@netlify/functions";
import { compileFunctionRoute, type FunctionRoute, type FunctionRouteConfig } from "./function-routes.ts";
import { createRateLimiter, type RateLimitConfig, type RateLimiter } from "../lib/http/rate-limit.ts";

export type FunctionHandler = (request: Request, context: Context) => unknown;

export interface LoadedFunction {
  name: string;
  handler: FunctionHandler;
  config: Config;
  /** Null for a function without `path`: scheduled and event functions, reached at /.netlify/functions/<name>. */
  route: FunctionRoute | null;
  rateLimit: { config: RateLimitConfig; limiter: RateLimiter } | null;
}

/** Netlify's rule for a function's name: its file name without the extension. */
const FUNCTION_FILE = /^([\w-]+)\.(?:ts|mts|js|mjs)$/;

function listFunctionFiles(directory: string): string[] {
  return readdirSync(directory)
    .filter((file) => FUNCTION_FILE.test(file))
    .sort();
}

export async function loadFunctions(directory: string): Promise<LoadedFunction[]> {
  const files = listFunctionFiles(directory);
  // Imported side by side: while one module's file is read, another compiles.
  const modules = await Promise.all(files.map((file) => import(pathToFileURL(join(directory, file)).href) as Promise<{ default?: unknown; config?: Config }>));
  return files.map((file, i) => {
    const module = modules[i]!;
    const name = basename(file).replace(/\.[^.]+$/, "");
    if (typeof module.default !== "function") throw new Error(`netlify/functions/${file} has no default export function (Netlify's Functions API v2).`);
    const config = module.config ?? {};
    const rateLimit = config.rateLimit as RateLimitConfig | undefined;
    return {
      name,
      handler: module.default as FunctionHandler,
      config,
      route: compileFunctionRoute(name, config),
      rateLimit: rateLimit === undefined ? null : { config: rateLimit, limiter: createRateLimiter(rateLimit) },
    };
  });
}

/** The part of a function's config that decides which requests reach it, in the order routes are tried. */
export type RouteTable = { name: string; config: FunctionRouteConfig }[];

export function routeTableOf(functions: readonly LoadedFunction[]): RouteTable {
  return functions.map(({ name, config }) => ({
    name,
    config: { path: config.path, excludedPath: config.excludedPath, preferStatic: config.preferStatic, method: config.method as FunctionRouteConfig["method"] },
  }));
}

export function compileRouteTable(table: RouteTable): FunctionRoute[] {
  return table.map(({ name, config }) => compileFunctionRoute(name, config)).filter((route): route is FunctionRoute => route !== null);
}

/**
 * The last start's route table, kept on disk so the next start can route (and answer static files,
 * which a function's `path` may shadow) before importing the functions. It is keyed by the size
 * and mtime of every file under netlify/functions and src; a stale or missing table is never used.
 */
export interface RouteCache {
  read: () => RouteTable | null;
  write: (table: RouteTable) => void;
}

function fingerprint(directories: readonly string[]): string {
  const hash = createHash("sha256");
  for (const directory of directories) {
    for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const stat = statSync(path);
      hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest("hex");
}

export function createRouteCache(cacheFile: string, sourceDirectories: readonly string[]): RouteCache {
  let key: string | undefined;
  const currentKey = () => (key ??= fingerprint(sourceDirectories));
  return {
    read: () => {
      try {
        const cached = JSON.parse(readFileSync(cacheFile, "utf8")) as { key?: unknown; table?: unknown };
        return cached.key === currentKey() && Array.isArray(cached.table) ? (cached.table as RouteTable) : null;
      } catch {
        return null;
      }
    },
    write: (table) => {
      try {
        mkdirSync(dirname(cacheFile), { recursive: true });
        writeFileSync(cacheFile, JSON.stringify({ key: currentKey(), table }));
      } catch {
        // Only the next start's speed depends on it.
      }
    },
  };
}
