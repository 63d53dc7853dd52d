// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Shipped code never depends on the tests (their fixtures, helpers or data). */
const NOT_FROM_TESTS = { regex: "^(\\.\\./)+test(/|$)", message: "src/ must not import from test/: move what it needs into src/ (or data/)." };

/** A room of src/ that must not import the listed rooms (docs/architecture.md). */
function room(folder, forbidden, why) {
  return {
    files: [`${folder}/**/*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NOT_FROM_TESTS,
            { regex: `^(\\.\\./)+(${forbidden.join("|")})(/|$)`, message: `${folder} may not import src/{${forbidden.join(",")}}: ${why}.` },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ["dist/", ".netlify/", ".astro/", "node_modules/", "test-results/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always"],
    },
  },
  {
    files: ["src/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_FROM_TESTS] }] },
  },
  // The rooms of docs/architecture.md: each may import only the rooms listed there.
  room("src/server", ["mcp", "pages", "components", "site", "admin"], "the production server runs netlify/functions by path and imports only lib and platform"),
  room("src/platform", ["server", "pages", "components", "site", "admin"], "platform adapts the outside world for lib, mcp and the functions"),
  room("src/admin", ["platform", "server", "mcp", "pages", "components", "site"], "the CMS runs in the browser and shares only lib's checks"),
  room("src/site", ["server", "mcp", "admin"], "the build's data comes from lib and platform"),
  {
    // The environment is decoded in one module; everything else receives values.
    files: ["src/**/*.ts", "netlify/**/*.ts", "astro.config.mjs"],
    ignores: ["src/platform/env.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read the environment through src/platform/env.ts." }],
    },
  },
  {
    // src/lib is the pure core: no environment, clock, network, framework or adapter.
    files: ["src/lib/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: "src/lib is pure: inject fetch from src/platform." }],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "src/lib is pure: pass configuration in." },
        { object: "Date", property: "now", message: "src/lib is pure: take the time as an argument (a `now` function or a date)." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "src/lib is pure: take the time as an argument instead of reading the clock.",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NOT_FROM_TESTS,
            { group: ["astro", "astro/*", "astro:*"], message: "src/lib is pure: Astro belongs in src/pages and src/components." },
            { group: ["@netlify/*"], message: "src/lib is pure: Netlify belongs in src/platform and netlify/functions." },
            { group: ["@modelcontextprotocol/*"], message: "src/lib is pure: the MCP SDK belongs in src/mcp." },
            {
              group: ["node:fs", "node:fs/*", "node:http", "node:https", "node:net", "node:dns", "node:child_process"],
              message: "src/lib is pure: I/O belongs in src/platform.",
            },
            {
              regex: "^(\\.\\./)+(platform|mcp|server|pages|components|site|admin)(/|$)",
              message: "src/lib depends on nothing of ours outside itself: pass what it needs in.",
            },
          ],
        },
      ],
    },
  },
  {
    // src/mcp receives everything effectful through McpDeps (src/mcp/mcp-deps.ts); only that file may name platform types.
    files: ["src/mcp/**/*.ts"],
    ignores: ["src/mcp/mcp-deps.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NOT_FROM_TESTS,
            {
              regex: "^(\\.\\./)+platform(/|$)",
              message: "src/mcp gets platform services through McpDeps (src/mcp/mcp-deps.ts), not by importing src/platform.",
            },
            { regex: "^(\\.\\./)+(server|pages|components|site|admin)(/|$)", message: "src/mcp may import only lib (and platform types through mcp-deps.ts)." },
            { group: ["@netlify/*"], message: "src/mcp gets platform services through McpDeps (src/mcp/mcp-deps.ts)." },
          ],
        },
      ],
    },
  },
);
