import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: "forks",
    // One private temp folder per run, checked and removed at the end (test/support/run-temp-root.ts).
    globalSetup: ["test/support/run-temp-root.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "test/lib/**/*.test.ts",
            "test/mcp/**/*.test.ts",
            "test/platform/**/*.test.ts",
            "test/server/**/*.test.ts",
            "test/fuzz/**/*.test.ts",
            "test/suite/**/*.test.ts",
            "test/admin/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
          // One local server and the dist/ it serves are shared: run these files one at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});
