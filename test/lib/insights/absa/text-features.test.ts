import { describe, expect, it } from "vitest";
import { findReviewMentions } from "../../../../src/lib/insights/absa/find-review-mentions.ts";
import { loadDefaultAbsaModel } from "../../../../src/lib/insights/absa/model/default-model.ts";
import { visitSentenceFeatures, Vocabulary } from "../../../../src/lib/insights/absa/model/text-features.ts";
import type { Sentence } from "../../../../src/lib/insights/nlp/read-text.ts";
import { listLabelledItems } from "../../../../scripts/absa/labelled-data.ts";

const sentencesOf = (text: string): readonly Sentence[] => findReviewMentions({ text, rating: 3 }).sentences;

const indices = new Map<Vocabulary, Map<string, number>>();

/** What encode must give: the features visitSentenceFeatures visits that the vocabulary holds, each once, in order, then `extra`. */
function expected(vocabulary: Vocabulary, sentence: Sentence, extra: string): number[] {
  let index = indices.get(vocabulary);
  if (!index) indices.set(vocabulary, (index = new Map(vocabulary.features.map((feature, i) => [feature, i]))));
  const found = new Set<number>();
  const add = (feature: string) => {
    const i = index.get(feature);
    if (i !== undefined) found.add(i);
  };
  visitSentenceFeatures(sentence, add);
  add(extra);
  return [...found];
}

describe("the vocabulary's sentence encoder", () => {
  it("finds what the features' strings find, in the same order, on every sentence of a thousand labelled reviews", () => {
    const { vocabulary } = loadDefaultAbsaModel();
    const items = listLabelledItems();
    let sentences = 0;
    // Every 14th review: a thousand, from every batch's kinds of writing.
    for (let i = 0; i < items.length; i += 14)
      for (const sentence of sentencesOf(items[i]!.text)) {
        expect([...vocabulary.encode(sentence, "<middle>")]).toEqual(expected(vocabulary, sentence, "<middle>"));
        sentences += 1;
      }
    expect(sentences).toBeGreaterThan(5_000);
  });

  it("reads negated words, numbers, kept punctuation, the sentence's start and words it does not know", () => {
    const vocabulary = new Vocabulary(
      [
        "<first>",
        "<s> they",
        "<s> <s> they",
        "they",
        "!late",
        "#num",
        "$ #num",
        "charge $ #num",
        "!",
        "! !",
        "great ! !",
        "great !",
        "clean",
        "clean chimney",
        "the clean chimney",
        "very clean",
      ].sort(),
    );
    const names = (text: string) => {
      const [sentence] = sentencesOf(text);
      const found = [...vocabulary.encode(sentence!, "<first>")];
      expect(found, text).toEqual(expected(vocabulary, sentence!, "<first>"));
      return found.map((i) => vocabulary.features[i]);
    };
    expect(names("They were not late.")).toEqual(["they", "<s> they", "<s> <s> they", "!late", "<first>"]);
    expect(names("They charged $180 for a clean chimney.")).toEqual([
      "they",
      "<s> they",
      "<s> <s> they",
      "#num",
      "$ #num",
      "charge $ #num",
      "clean",
      "clean chimney",
      "<first>",
    ]);
    expect(names("Great!!")).toEqual(["!", "great !", "! !", "great ! !", "<first>"]);
    // "zzyzx" is no feature's word: no bigram or trigram may reach across it.
    expect(names("The zzyzx clean chimney.")).toEqual(["clean", "clean chimney", "<first>"]);
    expect(names("The clean chimney, very clean.")).toEqual(["clean", "clean chimney", "the clean chimney", "very clean", "<first>"]);
    expect(names("Why?")).toEqual(["<first>"]);
  });

  it("holds exactly its features: every one, and no run of words that only leads to one", () => {
    const { vocabulary } = loadDefaultAbsaModel();
    for (const feature of vocabulary.features) expect(vocabulary.has(feature), feature).toBe(true);
    const small = new Vocabulary(["!late", "<s> they", "the clean chimney"]);
    for (const feature of ["!late", "<s> they", "the clean chimney"]) expect(small.has(feature), feature).toBe(true);
    for (const other of ["late", "<s>", "they", "the clean", "clean chimney", "!they", "the clean chimney now", ""])
      expect(small.has(other), other).toBe(false);
  });

  it("gives each feature once however often the sentence repeats it, sentence after sentence", () => {
    const vocabulary = new Vocabulary(["clean", "very", "very clean"]);
    const [sentence] = sentencesOf("Very clean, very clean, very clean.");
    for (let round = 0; round < 3; round += 1) expect([...vocabulary.encode(sentence!, "<last>")].sort()).toEqual([0, 1, 2]);
  });
});
