/**
 * `npm run bench:bundles`: size of each Netlify function as esbuild bundles
 * it for deployment (the built dataset inlined), raw and gzipped. Run after
 * `npm run build`.
 */
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const ROOT = join(import.meta.dirname, "..");
const FUNCTIONS = join(ROOT, "netlify/functions");

console.log("| function | bundle | gzip | of which dataset JSON |\n|---|---:|---:|---:|");
for (const file of readdirSync(FUNCTIONS).filter((name) => name.endsWith(".ts")).sort()) {
  const result = await build({
    entryPoints: [join(FUNCTIONS, file)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    write: false,
    metafile: true,
    outfile: join(tmpdir(), "keystone-bundles", file.replace(/\.ts$/, ".mjs")),
    logLevel: "error",
  });
  const code = result.outputFiles[0]!.contents;
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
  const json = Object.entries(inputs)
    .filter(([path]) => path.endsWith(".json") && path.includes("dist/"))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(`| ${file.replace(/\.ts$/, "")} | ${kib(code.byteLength)} | ${kib(gzipSync(code).byteLength)} | ${json === 0 ? "—" : kib(json)} |`);
}
