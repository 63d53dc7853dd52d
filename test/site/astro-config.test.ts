import type { AstroAdapter, AstroIntegration } from "astro";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import config from "../../astro.config.mjs";
import { astroBuildCommand, MEMORY_FLAGS } from "../../scripts/astro-build-command.ts";
import { PROJECT_ROOT } from "../support/fixtures.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

type Hook = (params: object) => Promise<void> | void;

/**
 * astro.config.mjs declares @astrojs/netlify static-only, so Astro builds no
 * on-demand server and the adapter bundles no SSR function (scripts/build.ts
 * fails the build if one appears). Runs the adapter's own hooks as Astro does.
 */
describe("astro.config.mjs", () => {
  it("sets the Netlify adapter with buildOutput: static, keeping the adapter's own features", async () => {
    const integration = config.adapter as AstroIntegration;
    const chosen: AstroAdapter[] = [];
    const params = { config: { root: new URL("file:///project/") }, buildOutput: "static", setAdapter: (adapter: AstroAdapter) => chosen.push(adapter) };
    await (integration.hooks["astro:config:done"] as unknown as Hook)(params);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]!.name).toBe("@astrojs/netlify");
    expect(chosen[0]!.adapterFeatures).toMatchObject({ buildOutput: "static", middlewareMode: "classic" });
  });

  it("gets a Netlify Vite plugin that only serves `astro dev`, which scripts/astro-build-hooks.ts leaves out of builds", async () => {
    const root = pathToFileURL(`${makeTestTempDir("astro-config-")}/`);
    const updates: Array<{ vite?: { plugins?: unknown[] } }> = [];
    const quiet = { info() {}, warn() {}, error() {}, debug() {} };
    await (config.adapter!.hooks["astro:config:setup"] as unknown as Hook)({
      config: { root, outDir: new URL("dist/", root), image: { domains: [], remotePatterns: [] } },
      updateConfig: (update: (typeof updates)[number]) => updates.push(update),
      logger: quiet,
      command: "build",
    });
    const plugins = updates.flatMap((update) => update.vite?.plugins ?? []).flat(Infinity) as Array<Record<string, unknown>>;
    const netlify = plugins.filter((plugin) => String(plugin.name).startsWith("vite-plugin-netlify"));
    expect(netlify.map((plugin) => plugin.name)).toEqual(["vite-plugin-netlify"]);
    expect(Object.keys(netlify[0]!).sort()).toEqual(["configureServer", "name"]);
  });

  it("scripts/astro-build-hooks.ts resolves that plugin to none, and stops a build that asks it for build work", () => {
    const probe = `import netlify from "@netlify/vite-plugin";
console.log(JSON.stringify(netlify({ images: { enabled: true } })));
try { netlify({ build: { enabled: true } }); } catch (error) { console.log(error.message); }`;
    const hooks = pathToFileURL(join(PROJECT_ROOT, "scripts/astro-build-hooks.ts")).href;
    const run = spawnSync(process.execPath, ["--import", hooks, "--input-type=module", "-e", probe], { cwd: PROJECT_ROOT, encoding: "utf8", timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split("\n")).toEqual(["[]", expect.stringMatching(/asks @netlify\/vite-plugin for build work/), ""]);
    // And the build preloads it into the astro process.
    const { args } = astroBuildCommand(PROJECT_ROOT, {});
    expect(args.slice(args.indexOf("--import"), args.indexOf("--import") + 2)).toEqual(["--import", hooks]);
  });

  it("serves src/lib/zod.ts, and no other file, to Vite as the zod package: the same bindings", async () => {
    const listed = (config.vite?.plugins ?? []) as unknown[];
    const plugins = listed.flat(3) as Array<{ name: string; load?: (id: string) => string | null }>;
    const zodPlugin = plugins.find((plugin) => plugin.name === "zod-as-package")!;
    expect(zodPlugin.load!(join(PROJECT_ROOT, "src/lib/zod.ts"))).toBe('export * from "zod";');
    expect(zodPlugin.load!(join(PROJECT_ROOT, "src/lib/schema/review.ts"))).toBeNull();
    expect(zodPlugin.load!(join(PROJECT_ROOT, "node_modules/some-package/src/lib/zod.ts"))).toBeNull();
    const [byPath, byPackage] = await Promise.all([import("../../src/lib/zod.ts"), import("zod")]);
    const packageOnly = Object.keys(byPackage).filter((name) => !(name in byPath));
    expect(packageOnly.sort()).toEqual(["default", "z"]);
    for (const [name, value] of Object.entries(byPath)) expect(byPackage[name as keyof typeof byPackage], name).toBe(value);
  });

  it("starts astro with the settings that keep the build's memory down (bench/RESULTS.md, Build memory)", () => {
    const { args, env } = astroBuildCommand(PROJECT_ROOT, { PATH: "/bin" });
    expect(args.slice(0, MEMORY_FLAGS.length)).toEqual(["--max-semi-space-size=8", "--heap-growing-percent=100"]);
    expect(args.slice(-3)).toEqual([join(PROJECT_ROOT, "node_modules/astro/bin/astro.mjs"), "build", "--silent"]);
    expect(env).toEqual({ PATH: "/bin", ASTRO_TELEMETRY_DISABLED: "1", MIMALLOC_ARENA_EAGER_COMMIT: "0", MIMALLOC_PURGE_DELAY: "0" });
  });
});
