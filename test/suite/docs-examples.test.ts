import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getSiteUrl } from "../../src/platform/env.ts";
import { PROJECT_ROOT } from "../support/fixtures.ts";

/** The examples a reader copies must name the origin the local server uses for links and topics, and show hub.secret (the subscriber script's own is tested in test/integration/subscriber-script.test.ts). */
const read = (path: string) => readFileSync(join(PROJECT_ROOT, path), "utf8");
const LOCAL_ORIGIN = getSiteUrl({});

describe("docs/mcp.md examples", () => {
  const mcp = read("docs/mcp.md");

  it("give npm start's own SITE_URL as the local base, the only origin the hub accepts topics under", () => {
    const locals = [...mcp.matchAll(/(http:\/\/[\w.-]+:8888)[^\n]*npm start|npm start[^\n]*?(http:\/\/[\w.-]+:8888)/g)].map((match) => match[1] ?? match[2]);
    expect(locals.length).toBeGreaterThan(0);
    expect(new Set(locals)).toEqual(new Set([LOCAL_ORIGIN]));
  });

  it("subscribe to a topic under $BASE with hub.secret", () => {
    const example = /```sh\n(BASE=[^\n]+\ncurl[^`]*hub\.mode=subscribe[^`]*)```/.exec(mcp)?.[1];
    expect(example).toBeDefined();
    expect(example).toContain('hub.topic=$BASE/reviews.json"');
    expect(example).toMatch(/hub\.secret=/);
  });
});
