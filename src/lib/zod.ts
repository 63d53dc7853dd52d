/**
 * zod, for every module in this repository: `import * as z from "<relative>/zod.ts"`.
 *
 * It is imported by path, not by package name, on purpose. Netlify bundles
 * each v2 function with esbuild and `packages: "external"`, which leaves a
 * bare `"zod"` import to Node at run time, and Node then loads zod's module
 * files one by one on every cold start, all ~50 locales included: 50–140 ms
 * on the benchmark machine. Imported by path, zod is part of the function's
 * bundle and esbuild keeps only what is used (about 170 KB, about 10 ms to
 * load). In Node (tests, scripts, the build) this is the very module file
 * the `"zod"` package resolves to, so there is still one zod.
 *
 * The MCP function still loads zod from node_modules as well, because the
 * MCP SDK (a package, so left to Node) imports it; the two copies never
 * meet, since the SDK's low-level Server never sees this service's schemas,
 * and zod keeps its registry on globalThis anyway.
 */
export * from "../../node_modules/zod/v4/classic/external.js";
