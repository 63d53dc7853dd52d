// `npm run serve` and `npm start` run this file; scripts/serve.ts is the server's entry.
// Plain JavaScript on purpose: Node strips a .ts file's types with a WebAssembly compiler that
// takes a few hundred milliseconds to load. With the compile cache on before the first .ts
// import, every module comes stripped and compiled from the cache, and that compiler never loads.
import { enableCompileCache } from "node:module";

enableCompileCache(new URL("../.netlify/compile-cache", import.meta.url).pathname);
await import("./serve.ts");
