import type * as Entry from "./query-cold-entry.ts";

/**
 * Child process of bench/query.bench.ts: measures a function instance's cold
 * init as production runs it: import the esbuild bundle of the search
 * function (as Netlify ships it), parse the built dataset, index it, answer
 * the first request. Prints milliseconds as JSON.
 */
// Netlify's runtime builds the Request before it calls the handler, so the
// lazy load of Node's fetch classes is the platform's cost, not the function's.
new Request("https://reviews.example/");
const start = performance.now();
const [bundlePath, datasetPath] = process.argv.slice(2) as [string, string];
const { handleSearchRequest, indexDataset } = (await import(bundlePath)) as typeof Entry;
const imported = performance.now();
const { readFileSync } = await import("node:fs");
const index = indexDataset(JSON.parse(readFileSync(datasetPath, "utf8")));
const indexed = performance.now();
const response = handleSearchRequest(new Request("https://reviews.example/api/reviews/search?rating=5&limit=20"), index);
await response.arrayBuffer();
const done = performance.now();
process.stdout.write(JSON.stringify({ total: done - start, import: imported - start, parseAndIndex: indexed - imported, firstRequest: done - indexed, status: response.status }));
