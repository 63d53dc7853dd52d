/**
 * `npm run bench`: every benchmark in one run on this machine, written to
 * bench/RESULTS.md. Each benchmark is a script of its own (runnable alone
 * with its npm script); this collects their output, pulls the headline
 * figures against the targets of the issues into one table, and says which
 * figures are in-process handler costs and which are local-emulator costs.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describeMachine } from "./support/stats.ts";

const ROOT = join(import.meta.dirname, "..");

interface Section {
  script: string;
  nodeArgs?: string[];
  title: string;
  kind: string;
  env?: Record<string, string>;
}

const SECTIONS: Section[] = [
  {
    script: "bench/query.bench.ts",
    nodeArgs: ["--expose-gc"],
    title: "Query API (search, since, cold init)",
    kind: "in-process handler cost (response bodies read); cold init in a fresh process importing the search function as Netlify's bundler ships it",
  },
  { script: "bench/insights.bench.ts", title: "Insights pipeline, synthetic 10k", kind: "in-process" },
  {
    script: "bench/insights.bench.ts",
    title: "Insights pipeline, content/ cycled to 10k (longer, realistic reviews)",
    kind: "in-process",
    env: { BENCH_SOURCE: "content" },
  },
  { script: "bench/mcp.bench.ts", title: "MCP tools/call vs REST search", kind: "in-process handler cost" },
  {
    script: "bench/hub.bench.ts",
    title: "WebSub fan-out to 1,000 HTTPS subscribers",
    kind: "in-process hub over a real local Blobs server and real TLS on loopback",
  },
  { script: "bench/build.bench.ts", title: "Build time at 1k / 10k / 100k synthetic reviews", kind: "whole `npm run build` wall time" },
  { script: "bench/bundle-size.bench.ts", title: "Function bundles", kind: "each function bundled by Netlify's bundler with netlify.toml's settings" },
  {
    script: "bench/load.bench.ts",
    title: "Sustained load over HTTP (autocannon)",
    kind: "the production server and Netlify's emulation over HTTP, as ratios to a bare node:http floor answering the same bytes from memory",
  },
  {
    script: "scripts/fuzz.ts",
    title: "Fuzzing (npm run fuzz)",
    kind: "100,000 in-process cases, then whole HTTP requests to the local server",
    env: { FUZZ_HTTP_CASES: "300" },
  },
];

function run(section: Section): { output: string; seconds: number; ok: boolean } {
  const start = performance.now();
  console.error(`running ${section.script} ${section.env ? JSON.stringify(section.env) : ""}`);
  const result = spawnSync(process.execPath, [...(section.nodeArgs ?? []), join(ROOT, section.script)], {
    cwd: ROOT,
    env: { ...process.env, ...section.env },
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
    timeout: 60 * 60_000,
  });
  const output = `${result.stdout}${result.status === 0 ? "" : `\n(exit ${result.status ?? result.signal})\n${result.stderr.slice(-3000)}`}`;
  return { output: output.trim(), seconds: (performance.now() - start) / 1000, ok: result.status === 0 };
}

const match = (text: string, pattern: RegExp): string => pattern.exec(text)?.[1] ?? "not found";

const outputs = SECTIONS.map((section) => ({ section, ...run(section) }));
const text = (index: number) => outputs[index]!.output;

const headline = [
  ["Search p99 at 10k, worst case", "< 2 ms", match(text(0), /p99 at 10k \(worst case\): ([\d.]+ ms)/)],
  ["Search p99 at 100k, worst case", "< 25 ms", match(text(0), /p99 at 100k \(worst case\): ([\d.]+ ms)/)],
  ["Cold init at 10k (import of Netlify's bundle + first request: read, parse, index, answer)", "< 150 ms", match(text(0), /cold init at 10k: ([\d.]+ ms)/)],
  ["Insights throughput, synthetic 10k", ">= 2,000 reviews/s", match(text(1), /median throughput: ([\d,]+ reviews\/s)/)],
  ["Insights throughput, content/ cycled to 10k", ">= 2,000 reviews/s", match(text(2), /median throughput: ([\d,]+ reviews\/s)/)],
  ["MCP tools/call / REST search (median over queries)", "<= 1.5×", match(text(3), /ratio over the \d+ queries: median ([\d.]+x)/)],
  [
    "MCP floor / REST: the search plus serializing the MCP response, no SDK or HTTP",
    "(for reading the ratio)",
    match(text(3), /floor\/REST over the \d+ queries .*?\): median ([\d.]+x)/),
  ],
  ["Hub: notify 1,000 HTTPS subscribers", "< 10 s", match(text(4), /^median ([\d.]+ s)/m)],
];

const machine = await describeMachine();
const report = [
  "# Benchmark results",
  "",
  `Measured in one run of \`npm run bench\` on ${machine}. The machine is a shared 2-core VM, so figures are noisy: read medians and ratios, not single numbers.`,
  "",
  "## Headline figures against the targets",
  "",
  "| figure | target | measured |",
  "|---|---|---|",
  ...headline.map(([name, target, value]) => `| ${name} | ${target} | ${value} |`),
  "",
  ...outputs.flatMap(({ section, output, seconds, ok }) => [
    `## ${section.title}`,
    "",
    `\`node ${section.script}\`${
      section.env
        ? ` with ${Object.entries(section.env)
            .map(([k, v]) => `${k}=${v}`)
            .join(" ")}`
        : ""
    }: ${section.kind}. Took ${seconds.toFixed(0)} s${ok ? "" : " and FAILED"}.`,
    "",
    ...(output.includes("|---") ? [output] : ["```", output, "```"]),
    "",
  ]),
].join("\n");

writeFileSync(join(ROOT, "bench/RESULTS.md"), report);
console.log(report);
if (outputs.some((o) => !o.ok)) process.exitCode = 1;
