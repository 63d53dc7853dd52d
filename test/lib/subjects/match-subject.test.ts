import { describe, expect, it } from "vitest";
import { compilePhrase, findPhraseSentences, inflections, namesAspect } from "../../../src/lib/subjects/match-subject.ts";
import { foldText } from "../../../src/lib/search/normalize.ts";
import type { ReviewRecord } from "../../../src/lib/schema/review.ts";

function matches(topic: string, text: string): boolean {
  return compilePhrase(topic)!.test(foldText(text));
}

describe("compilePhrase: a topic is a phrase of whole words", () => {
  it.each([
    ["chimney fire", "We had a chimney fire last winter.", true],
    ["chimney fire", "what causes chimney fires", true],
    ["chimney fire", "a Chimney-Fire scare", true],
    ["chimney fires", "after our chimney fire", true],
    ["chimney fire", "the chimney and the fireplace", false],
    ["chimney fire", "the firefighters checked the chimney", false],
    ["chimney fire", "they swept the chimney. Fire was out", false],
    ["chimney fire", "fire in the chimney", false],
    ["fire", "our fireplace", false],
    ["fire", "a campfire smell", false],
    ["fire", "the fire's heat", true],
    ["leak", "it was leaking again", true],
    ["leak", "they leaked", true],
    ["leaks", "a small leak", true],
    ["battery", "new batteries", true],
    ["cleaning", "they clean up after", true],
    ["leaking", "a small leak", true],
    ["smoking", "smoke came back", true],
    ["cleaning", "a very cleanly job", false],
    ["crème brûlée", "CREME BRULEE", true],
    ["Are they good at dryer vents?", "our dryer vent was clogged", true],
    ["Are they good at dryer vents?", "the vent behind the dryer", false],
  ])("%s in %j: %s", (topic, text, expected) => {
    expect(matches(topic, text)).toBe(expected);
  });

  it.each([
    ["Are they good at chimney fires?", ["chimney", "fires"]],
    ["leak in the chimney", ["leak", "in", "the", "chimney"]],
    ["Raccoons?", ["raccoons"]],
  ])("keeps the words of %j that name the topic", (topic, words) => {
    expect(compilePhrase(topic)!.words).toEqual(words);
  });

  it.each(["are they good at it", "the company's service", "a"])("names nothing in %j", (topic) => {
    expect(compilePhrase(topic)).toBeNull();
  });

  it("inflects a word's base form, not its substrings", () => {
    expect(inflections("fires")).toEqual(expect.arrayContaining(["fire", "fires", "fire's", "firing", "fired"]));
    expect(inflections("fire")).not.toContain("fireplace");
  });
});

describe("findPhraseSentences", () => {
  const review = {
    title: "Chimney fire - call them",
    text: "Our fireplace was fine for years. Then we had a chimney fire on Sunday. Dana came Monday. She said chimney fires start in creosote.",
  } as ReviewRecord;

  it("returns only the sentences that name the topic, verbatim, title first", () => {
    expect(findPhraseSentences(review, compilePhrase("chimney fire")!)).toEqual([
      "Chimney fire - call them",
      "Then we had a chimney fire on Sunday.",
      "She said chimney fires start in creosote.",
    ]);
  });

  it("returns nothing when the topic only appears across a sentence break", () => {
    expect(findPhraseSentences({ title: null, text: "We cleaned the chimney. Fire up the stove!" } as ReviewRecord, compilePhrase("chimney fire")!)).toEqual(
      [],
    );
  });
});

describe("namesAspect", () => {
  it.each([
    ["He arrived two hours late.", ["punctuality"], true],
    ["They showed up right on time.", ["punctuality"], true],
    ["I called at 8 expecting to wait a week.", ["punctuality"], false],
    ["The crew left a mess in the living room.", ["cleanliness"], true],
    ["The crew left a mess in the living room.", ["punctuality"], false],
    ["Dryer's in the basement.", ["work_quality"], false],
  ] as const)("%j names %j: %s", (sentence, aspects, expected) => {
    expect(namesAspect(sentence, aspects)).toBe(expected);
  });
});
