import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_LABELS_PATH, loadContentLabels, ROOT, sha256 } from "../../scripts/absa/labelled-data.ts";
import { expectDefinitionLabels } from "../support/absa-labels.ts";
import { makeTestTempDir } from "../support/temp-dir.ts";

// data/absa/content-labels.json: blind labels of the business's own reviews, which `npm run eval:absa` scores every
// model on and nothing trains on. The texts stay in content/; a review edited since it was labelled must not be scored
// against labels of another text.
const CONTENT = join(ROOT, "content");

describe("content labels (data/absa/content-labels.json)", () => {
  it("name each review once, with labels from the definition's vocabulary", () => {
    const entries = JSON.parse(readFileSync(CONTENT_LABELS_PATH, "utf8")) as { id: string; labels: Record<string, string> }[];
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    expectDefinitionLabels(entries);
  });

  describe("read against a content folder", () => {
    it("scores only reviews whose text is the one labelled, and counts the rest", () => {
      const dir = makeTestTempDir("content-labels-");
      mkdirSync(join(dir, "reviews"));
      copyFileSync(join(CONTENT, "business.json"), join(dir, "business.json"));
      const [kept, edited, unlabelled] = readdirSync(join(CONTENT, "reviews")).sort() as [string, string, string];
      const review = (file: string) => JSON.parse(readFileSync(join(CONTENT, "reviews", file), "utf8")) as { id: string; text: string };
      for (const file of [kept, unlabelled]) copyFileSync(join(CONTENT, "reviews", file), join(dir, "reviews", file));
      const changed = review(edited);
      writeFileSync(join(dir, "reviews", edited), JSON.stringify({ ...changed, text: `${changed.text} Edited.` }));
      const labels = [
        { id: review(kept).id, text_sha256: sha256(review(kept).text), labels: { punctuality: "positive" } },
        { id: changed.id, text_sha256: sha256(changed.text), labels: {} },
        { id: "2020-01-01-gone", text_sha256: sha256("gone"), labels: {} },
      ];
      writeFileSync(join(dir, "labels.json"), JSON.stringify(labels));

      const read = loadContentLabels(dir, join(dir, "labels.json"));
      expect(read.items.map(({ id, labels }) => ({ id, labels }))).toEqual([{ id: review(kept).id, labels: { punctuality: "positive" } }]);
      expect(read.items[0]!.text).toBe(review(kept).text);
      expect(read.edited).toEqual([changed.id]);
      expect(read.gone).toEqual(["2020-01-01-gone"]);
      expect(read.unlabelled).toBe(1);
    });

    it.each([
      ["not JSON", "{", /bad-labels\.json: .*JSON/],
      ["an empty list", "[]", /bad-labels\.json: .*>=1/],
      [
        "an aspect outside the definition",
        `[{"id":"a","text_sha256":"${"a".repeat(64)}","labels":{"punctualty":"positive"}}]`,
        /entry 0\.labels: .*punctualty/,
      ],
      ["a polarity outside the definition", `[{"id":"a","text_sha256":"${"a".repeat(64)}","labels":{"punctuality":"great"}}]`, /entry 0\.labels\.punctuality/],
      ["a hash that is no SHA-256", `[{"id":"a","text_sha256":"ab","labels":{}}]`, /entry 0\.text_sha256/],
      [
        "an id labelled twice",
        `[{"id":"a","text_sha256":"${"a".repeat(64)}","labels":{}},{"id":"a","text_sha256":"${"b".repeat(64)}","labels":{}}]`,
        /a is labelled twice/,
      ],
    ])("refuses %s with an error naming the file and the entry", (_, body, message) => {
      const dir = makeTestTempDir("content-labels-");
      writeFileSync(join(dir, "bad-labels.json"), body);
      expect(() => loadContentLabels(CONTENT, join(dir, "bad-labels.json"))).toThrow(message);
    });
  });
});
