import { defineConfig } from "vitest/config";

/** The files that change what the shared server serves: they run after the others. */
const CHANGES_THE_SITE = ["test/integration/publish.test.ts"];
/**
 * One private temp folder per run, checked and removed at the end. Each project lists it first:
 * vitest runs a root global setup after the projects' own (test/support/run-temp-root.ts).
 */
const RUN_TEMP_ROOT = "test/support/run-temp-root.ts";
/** One build and one server for both integration projects (test/support/global-setup.ts). */
const SHARED_SITE = "test/support/global-setup.ts";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: "forks",
    // Most integration time is spent waiting on servers, builds and browsers in other processes: a worker more than the cores.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          globalSetup: [RUN_TEMP_ROOT],
          // Groups run in order. Not 0: vitest moves a group-0 project with one worker (--maxWorkers=1) to the end.
          sequence: { groupOrder: 1 },
          include: [
            "test/lib/**/*.test.ts",
            "test/mcp/**/*.test.ts",
            "test/platform/**/*.test.ts",
            "test/server/**/*.test.ts",
            "test/fuzz/**/*.test.ts",
            "test/suite/**/*.test.ts",
            "test/admin/**/*.test.ts",
            "test/site/**/*.test.ts",
          ],
          // The files of a worker share its module cache: zod, the MCP SDK and the analyzer load once, not once per file.
          // Each file still starts its own servers and stores; none changes a module's state for the next.
          isolate: false,
          // What Astro gives src/content.config.ts as astro:content (its content runtime), for the loader test.
          alias: { "astro:content": "astro/content/runtime" },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          exclude: CHANGES_THE_SITE,
          globalSetup: [RUN_TEMP_ROOT, SHARED_SITE],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration:changes",
          include: CHANGES_THE_SITE,
          globalSetup: [RUN_TEMP_ROOT, SHARED_SITE],
          fileParallelism: false,
          // After every other project's files, so no other test sees the site change under it.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
