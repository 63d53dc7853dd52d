/**
 * Node flags of the production server process (`npm start`, `npm run serve`,
 * and the tests and benchmarks that start it): package.json's scripts carry
 * the same ones (test/server/server-node-flags.test.ts keeps them equal).
 *
 * `--max-semi-space-size=16`: V8 grows its young generation to 64 MiB
 * semispaces under a high allocation rate, which at thousands of requests a
 * second took the process from 200 to 410 MiB (bench/RESULTS.md) for no
 * measurable gain in throughput. 16 MiB keeps scavenges cheap and the
 * process near its live size. It cannot be set from inside the process.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];
