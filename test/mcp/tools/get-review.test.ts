import { describe, expect, it } from "vitest";
import { callTool, connectClient, realData } from "../support/mcp-fixture.ts";

const { index } = realData();
const client = await connectClient();
const [first, last] = [index.reviews[0]!, index.reviews.at(-1)!];

describe("get_review", () => {
  it.each([first.id, last.id])("returns review %s in full", async (id) => {
    const { result, structured } = await callTool(client, "get_review", { id });
    expect(result.isError).toBeFalsy();
    expect(structured).toEqual({ review: index.findReview(id) });
  });

  it("answers an unknown id with an isError result that suggests ids of the same day", async () => {
    const truncated = first.id.slice(0, -2);
    const { result, text } = await callTool(client, "get_review", { id: truncated });
    expect(result.isError).toBe(true);
    const body = JSON.parse(text) as { error: string; message: string };
    expect(body.error).toBe("not_found");
    expect(body.message).toContain(`No review has the id "${truncated}"`);
    expect(body.message).toContain(first.id);
  });

  it("tells how to find ids when nothing is similar", async () => {
    const { text } = await callTool(client, "get_review", { id: "zzz" });
    expect(JSON.parse(text)).toMatchObject({ message: expect.stringContaining("search_reviews") });
  });

  it.each([
    ["an empty id", { id: "" }],
    ["a numeric id", { id: 42 }],
    ["no id", {}],
  ])("refuses %s", async (_name, args) => {
    expect((await callTool(client, "get_review", args)).result.isError).toBe(true);
  });
});
