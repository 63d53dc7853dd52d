// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

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
    // src/lib is the pure core (style.md): no environment, no network, no framework.
    files: ["src/lib/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: "src/lib is pure: inject fetch from src/platform." }],
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "src/lib is pure: pass configuration in." }],
      "no-restricted-imports": ["error", { patterns: ["astro:*", "@netlify/*", "node:fs", "node:http", "node:https", "node:net"] }],
    },
  },
);
