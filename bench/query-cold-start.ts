/**
 * Child process of bench/query.bench.ts: one cold function instance. It
 * imports the search function as Netlify's bundler built it (the bundled
 * module, which reads its shipped dist/reviews.json on the first request),
 * then answers one request. Prints milliseconds as JSON.
 */
export {}; // a module, for top-level await
// Netlify's runtime builds the Request before it calls the handler, so the
// lazy load of Node's fetch classes is the platform's cost, not the function's.
const first = new Request(process.argv[3]!);
const start = performance.now();
const { default: handler } = (await import(process.argv[2]!)) as { default: (request: Request, context: unknown) => Response | Promise<Response> };
const imported = performance.now();
const response = await handler(first, {});
await response.arrayBuffer();
const done = performance.now();
process.stdout.write(JSON.stringify({ total: done - start, import: imported - start, firstRequest: done - imported, status: response.status }));
