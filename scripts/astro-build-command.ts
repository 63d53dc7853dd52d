import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The build's memory (bench/RESULTS.md, "Build memory"): the bundler (rolldown) and the Astro compiler allocate with
 * mimalloc, which by default commits its arenas whole and returns freed pages late, and V8 lets its young generation
 * grow to 128 MiB. These settings give that memory back; the output is the same. Semispaces of 8 MiB rather than 16
 * took the peak from 473 to 436 MiB (medians of three) at the same speed (bench/RESULTS.md, "Aspect analysis, fifteenth session").
 * A fixed heap growth of 100% (V8 otherwise grows the old generation by a factor of up to 4 when its collector keeps up)
 * took the peak down by about 20 MB for about 0.2 s, which evens the margins of the build's memory and speed targets
 * (bench/RESULTS.md, "Aspect analysis, thirty-eighth session").
 */
export const MEMORY_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=100"];
export const MEMORY_ENV = { MIMALLOC_ARENA_EAGER_COMMIT: "0", MIMALLOC_PURGE_DELAY: "0" };

/**
 * Node's arguments and environment for `astro build` as scripts/build.ts starts it: with the memory settings above,
 * and with scripts/astro-build-hooks.ts preloaded, which keeps the adapter's dev-server plugin out of the build.
 */
export function astroBuildCommand(root: string, env: NodeJS.ProcessEnv): { args: string[]; env: NodeJS.ProcessEnv } {
  return {
    args: [
      ...MEMORY_FLAGS,
      "--import",
      pathToFileURL(join(root, "scripts/astro-build-hooks.ts")).href,
      join(root, "node_modules/astro/bin/astro.mjs"),
      "build",
      "--silent",
    ],
    env: { ...env, ASTRO_TELEMETRY_DISABLED: "1", ...MEMORY_ENV },
  };
}
