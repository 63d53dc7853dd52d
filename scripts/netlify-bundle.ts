/**
 * Bundles one function exactly as a Netlify deploy does, with Netlify's own
 * bundler (@netlify/zip-it-and-ship-it) and the function settings of
 * netlify.toml (read by @netlify/config, normalized as Netlify's local
 * runtime does), into a folder instead of a zip. Importing the returned
 * module is what a cold function instance does. Used by the cold-start
 * benchmark and by test/integration/function-bundles.test.ts.
 */
import { join, relative } from "node:path";
import { resolveConfig } from "@netlify/config";
import { zipFunction } from "@netlify/zip-it-and-ship-it";

interface TomlFunctionConfig {
  included_files?: string[];
  external_node_modules?: string[];
  node_bundler?: "esbuild" | "nft" | "zisi" | "none";
}

export interface BundledFunction {
  /** The bundle's folder: what the deploy's zip would hold. */
  dir: string;
  /** The function's own module in the bundle: its default export is the handler. */
  module: string;
}

export async function bundleFunction(root: string, name: string, outDir: string): Promise<BundledFunction> {
  const { config } = (await resolveConfig({ cwd: root, repositoryRoot: root, offline: true, mode: "cli" })) as {
    config: { functions?: Record<string, TomlFunctionConfig> };
  };
  const functionsConfig = Object.fromEntries(
    Object.entries(config.functions ?? {}).map(([pattern, settings]) => [
      pattern,
      {
        includedFiles: settings.included_files,
        includedFilesBasePath: root,
        externalNodeModules: settings.external_node_modules,
        nodeBundler: settings.node_bundler === "esbuild" ? ("esbuild_zisi" as const) : settings.node_bundler,
      },
    ]),
  );
  const mainFile = join(root, "netlify/functions", `${name}.ts`);
  const result = await zipFunction(mainFile, outDir, { archiveFormat: "none", basePath: root, repositoryRoot: root, config: functionsConfig });
  if (result === undefined || result.path === undefined) throw new Error(`Netlify's bundler produced nothing for ${name}`);
  return { dir: result.path, module: join(result.path, relative(root, mainFile).replace(/\.ts$/, ".mjs")) };
}
