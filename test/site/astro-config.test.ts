import type { AstroAdapter, AstroIntegration } from "astro";
import { describe, expect, it } from "vitest";
import config from "../../astro.config.mjs";

/**
 * astro.config.mjs declares @astrojs/netlify static-only, so Astro builds no
 * on-demand server and the adapter bundles no SSR function (scripts/build.ts
 * fails the build if one appears). Runs the adapter's own hook as Astro does.
 */
describe("astro.config.mjs", () => {
  it("sets the Netlify adapter with buildOutput: static, keeping the adapter's own features", async () => {
    const integration = config.adapter as AstroIntegration;
    const chosen: AstroAdapter[] = [];
    const params = { config: { root: new URL("file:///project/") }, buildOutput: "static", setAdapter: (adapter: AstroAdapter) => chosen.push(adapter) };
    await (integration.hooks["astro:config:done"] as unknown as (params: object) => Promise<void> | void)(params);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]!.name).toBe("@astrojs/netlify");
    expect(chosen[0]!.adapterFeatures).toMatchObject({ buildOutput: "static", middlewareMode: "classic" });
  });
});
