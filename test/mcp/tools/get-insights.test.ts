import { describe, expect, it } from "vitest";
import { INSIGHT_SECTIONS } from "../../../src/mcp/tools/get-insights.ts";
import { callTool, connectClient, realData } from "../support/mcp-fixture.ts";

const { insights } = realData();
const client = await connectClient();

describe("get_insights", () => {
  it("returns the whole insights dataset without a section", async () => {
    const { structured, text } = await callTool(client, "get_insights");
    expect(structured).toEqual(insights);
    expect(text).toBe(JSON.stringify(insights));
  });

  it.each(INSIGHT_SECTIONS)("returns only the %s section", async (section) => {
    const { structured } = await callTool(client, "get_insights", { section });
    expect(structured).toEqual({ [section]: insights[section] });
  });

  it("refuses an unknown section", async () => {
    const { result, text } = await callTool(client, "get_insights", { section: "reviews" });
    expect(result.isError).toBe(true);
    expect(text).toContain("section");
  });
});
