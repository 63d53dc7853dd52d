/**
 * Every function in netlify/functions, imported once at start-up and kept:
 * its default export is called in-process for each request, with the
 * routing, rate limit and schedule its own `config` asks for.
 */
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Config, Context } from "@netlify/functions";
import { compileFunctionRoute, type FunctionRoute } from "../lib/http/function-routes.ts";
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

export async function loadFunctions(directory: string): Promise<LoadedFunction[]> {
  const files = readdirSync(directory)
    .filter((file) => FUNCTION_FILE.test(file))
    .sort();
  const loaded: LoadedFunction[] = [];
  for (const file of files) {
    const name = basename(file).replace(/\.[^.]+$/, "");
    const module = (await import(pathToFileURL(join(directory, file)).href)) as { default?: unknown; config?: Config };
    if (typeof module.default !== "function") throw new Error(`netlify/functions/${file} has no default export function (Netlify's Functions API v2).`);
    const config = module.config ?? {};
    const rateLimit = config.rateLimit as RateLimitConfig | undefined;
    loaded.push({
      name,
      handler: module.default as FunctionHandler,
      config,
      route: compileFunctionRoute(name, config),
      rateLimit: rateLimit === undefined ? null : { config: rateLimit, limiter: createRateLimiter(rateLimit) },
    });
  }
  return loaded;
}
