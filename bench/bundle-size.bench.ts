/**
 * `npm run bench:bundles`: each Netlify function as a deploy ships it,
 * bundled by Netlify's own bundler with netlify.toml's settings
 * (scripts/netlify-bundle.ts): the function's module (raw and gzipped), the
 * build output it reads at run time (`included_files`), and the packages
 * left to Node's module loader. Run after `npm run build`.
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { bundleFunction } from "../scripts/netlify-bundle.ts";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(tmpdir(), "keystone-bundles");

/** Total bytes of the files under `path` (0 when it does not exist). */
function sizeOf(path: string): number {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

const kib = (bytes: number) => (bytes === 0 ? "—" : `${(bytes / 1024).toFixed(0)} KiB`);
rmSync(OUT, { recursive: true, force: true });
console.log("| function | module | gzip | built files read at run time | node_modules |\n|---|---:|---:|---:|---:|");
for (const file of readdirSync(join(ROOT, "netlify/functions"))
  .filter((name) => name.endsWith(".ts"))
  .sort()) {
  const name = file.replace(/\.ts$/, "");
  const { dir, module } = await bundleFunction(ROOT, name, OUT);
  const code = readFileSync(module);
  console.log(
    `| ${name} | ${kib(code.byteLength)} | ${kib(gzipSync(code).byteLength)} | ${kib(sizeOf(join(dir, "dist")))} | ${kib(sizeOf(join(dir, "node_modules")))} |`,
  );
}
rmSync(OUT, { recursive: true, force: true });
