/**
 * Preloaded into `astro build` by scripts/build.ts (`node --import`). It
 * resolves @netlify/vite-plugin to a plugin list that is empty. @astrojs/netlify
 * adds that plugin for `astro dev`, where it emulates Netlify; in a build the
 * plugin has only a dev-server hook, but importing it loads all of Netlify's
 * local emulation (@netlify/dev, with TypeScript among it), which costs every
 * build seconds and memory (bench/RESULTS.md, "Build without the dev plugin").
 * If the adapter ever asks the plugin for build work (`build.enabled`), the
 * build stops here instead of silently skipping it.
 * test/site/astro-config.test.ts checks both. Node's module hooks:
 * https://nodejs.org/api/module.html#synchronous-customization-hooks
 */
import { registerHooks } from "node:module";

const DEV_ONLY = `export default function netlifyDevPlugin(options = {}) {
  if (options.build?.enabled) throw new Error("@astrojs/netlify now asks @netlify/vite-plugin for build work: remove scripts/astro-build-hooks.ts from scripts/build.ts");
  return [];
}`;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== "@netlify/vite-plugin") return nextResolve(specifier, context);
    return { url: `data:text/javascript,${encodeURIComponent(DEV_ONLY)}`, format: "module", shortCircuit: true };
  },
});
