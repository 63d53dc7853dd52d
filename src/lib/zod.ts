/**
 * zod for every module here: `import * as z from "<relative>/zod.ts"`. Imported by path so that
 * Netlify's bundler (esbuild, `packages: "external"`) bundles only the parts used instead of
 * leaving Node to load the whole package on each cold start (cold-init target, bench/RESULTS.md).
 * In Node it is the very file the `"zod"` package resolves to, so there is still one zod.
 */
export * from "../../node_modules/zod/v4/classic/external.js";
