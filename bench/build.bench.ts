/**
 * `npm run bench:build`: wall time of `npm run build` (Astro pre-rendering
 * plus the insights pipeline) on synthetic content of 1k, 10k and 100k
 * reviews, into scratch folders; reports output sizes too.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { writeSyntheticContentDir } from "./synthetic/generate.ts";
import { getBenchTempDir } from "./support/bench-temp-dir.ts";
import { describeMachine } from "./support/stats.ts";

const ROOT = join(import.meta.dirname, "..");
const SIZES = (process.env.BENCH_BUILD_SIZES ?? "1000,10000,100000").split(",").map(Number);
const TIMEOUT_S = Number(process.env.BENCH_BUILD_TIMEOUT_S ?? 1800);

function folderSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const stat = statSync(join(dir, name));
    if (stat.isFile()) {
      bytes += stat.size;
      files += 1;
    }
  }
  return { bytes, files };
}

console.log(`Machine: ${await describeMachine()}\n`);
console.log("| reviews | build wall time | reviews.json | insights.json | files in dist | dist size |\n|---:|---:|---:|---:|---:|---:|");
for (const size of SIZES) {
  const content = mkdtempSync(join(getBenchTempDir(), `content-${size}-`));
  const out = mkdtempSync(join(getBenchTempDir(), `dist-${size}-`));
  writeSyntheticContentDir(content, size);
  const start = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, "scripts/build.ts")], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: content, BUILD_OUT_DIR: out, SITE_URL: "https://reviews.example", NODE_OPTIONS: "--max-old-space-size=8192" },
    encoding: "utf8",
    timeout: TIMEOUT_S * 1000,
  });
  const seconds = (performance.now() - start) / 1000;
  if (result.status !== 0) {
    console.log(`| ${size.toLocaleString("en-US")} | failed after ${seconds.toFixed(0)} s (${result.signal ?? `exit ${result.status}`}) | | | | |`);
    console.error(result.stderr.slice(-2000));
  } else {
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    const total = folderSize(out);
    console.log(
      `| ${size.toLocaleString("en-US")} | ${seconds.toFixed(1)} s | ${mib(statSync(join(out, "reviews.json")).size)} | ${mib(statSync(join(out, "insights.json")).size)} | ${total.files} | ${mib(total.bytes)} |`,
    );
  }
  rmSync(content, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
}
