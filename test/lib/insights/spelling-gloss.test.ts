import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../src/lib/insights/absa/analyze-review.ts";
import { loadDefaultAbsaModel } from "../../../src/lib/insights/absa/model/default-model.ts";
import { readSentences } from "../../../src/lib/insights/nlp/read-text.ts";
import { buildSpellingList, glossSpelling, SpellingList } from "../../../src/lib/insights/nlp/spelling-gloss.ts";

/** A small list, most reviews first: what the tests below correct to. */
const list = new SpellingList([
  "so",
  "very",
  "thorough",
  "table",
  "service service",
  "courteous",
  "received receive",
  "appointment",
  "lines line",
  "honest",
  "joints joint",
  "soot",
  "brain",
]);

/** Each changed word token as text>norm/lemma after the gloss. */
const corrected = (text: string, spelling = list) =>
  glossSpelling(readSentences(text), spelling).flatMap((sentence) =>
    sentence.tokens.filter((t) => t.norm !== t.lower).map((t) => `${t.text}>${t.norm}/${t.lemma}`),
  );

describe("glossSpelling", () => {
  it("reads a misspelt word as the list's word one slip away, keeping the text as written", () => {
    expect(corrected("Very courtious, and the servise was thorogh. We recieved an apointment.")).toEqual([
      "courtious>courteous/courteous",
      "servise>service/service",
      "thorogh>thorough/thorough",
      "recieved>received/receive",
      "apointment>appointment/appointment",
    ]);
  });

  it("reads a slip of the first two letters swapped, but no other slip of the first letter", () => {
    expect(corrected("They were ohnest.")).toEqual(["ohnest>honest/honest"]);
    // "gable" is one slip from "table" only by its first letter.
    expect(corrected("The gable was fine.")).toEqual([]);
  });

  it("shrinks a letter stretched for emphasis, in capitals too, but reads no other slip in capitals", () => {
    expect(corrected("soooo thorough")).toEqual(["soooo>so/so"]);
    expect(corrected("They were SOOOO good.")).toEqual(["SOOOO>so/so"]);
    // Names are written in capitals too: "BRIAN" is one slip from "brain".
    expect(corrected("They were VERRY THOROGH, BRIAN too.")).toEqual([]);
  });

  it("leaves English words, capitalised words and short words alone", () => {
    // "sooty" is in wink's lexicon and "joists" is a form of a word in it ("joist"), each one slip from a word of the
    // list; "Linnes" and "Thorogh" are capitalised; "verg" is one slip from "very" but an edit needs five letters.
    expect(corrected("The sooty joists, Linnes said, were verg good.")).toEqual([]);
    expect(corrected("the sooti joinst were there")).toEqual(["sooti>soot/soot", "joinst>joints/joint"]);
    expect(corrected("Thorogh job.")).toEqual([]);
  });

  it("leaves an abbreviation of a longer word of the list as written", () => {
    const spelling = new SpellingList(["shed", "schedule", "reached", "reschedule"]);
    expect(corrected("Had to resched twice, the sched was full.", spelling)).toEqual([]);
    expect(corrected("They reachd us fast.", spelling)).toEqual(["reachd>reached/reached"]);
  });

  it("leaves sentences in another language as written", () => {
    expect(corrected("El técnico fue muy profesional y el servise excelente.")).toEqual([]);
    expect(corrected("Linis linis linis talaga sila.")).toEqual([]);
  });

  it("returns the sentences themselves when nothing is corrected", () => {
    const sentences = readSentences("Great job. Very thorough.");
    const glossed = glossSpelling(sentences, list);
    glossed.forEach((sentence, i) => expect(sentence).toBe(sentences[i]));
  });

  it("corrects only to words of the list that wink knows as English, the word of the most reviews first", () => {
    // "recomend" is common in reviews but no English word, so "reccomend" stays; "lines" outranks "lanes" here.
    const spelling = new SpellingList(["recomend", "lines line", "lanes lane"]);
    expect(corrected("I reccomend them.", spelling)).toEqual([]);
    expect(spelling.correct("lxnes")).toEqual({ norm: "lines", lemma: "line" });
    expect(spelling.correct("lannes")).toEqual({ norm: "lanes", lemma: "lane" });
  });
});

describe("buildSpellingList", () => {
  it("keeps words of at least five reviews, most reviews first, each with its commonest lemma", () => {
    const reviews = ["Cleaned it.", "Cleaned the flue.", "They cleaned.", "cleaned", "We cleaned up. Flue ok.", "flue", "flue", "flue"];
    const spelling = buildSpellingList(reviews.map((text) => readSentences(text)));
    expect(spelling.entries).toEqual(["cleaned clean", "flue"]);
  });
});

describe("the shipped model reads misspelt judgement words", () => {
  const model = loadDefaultAbsaModel();
  const withoutGloss = { ...model, spelling: new SpellingList([]) };
  const read = (text: string, rating: number, using = model) => analyzeReviewText({ text, rating }, using).map((a) => `${a.aspect} ${a.sentiment}`);

  it.each([
    ["Very thourough cleaning.", 5, "work_quality positive"],
    ["He explaned everything.", 5, "communication positive"],
    ["They never calld back.", 1, "communication negative"],
    ["Super afordable.", 5, "price_value positive"],
  ] as const)("%s: %s, which the words as written do not show", (text, rating, expected) => {
    expect(read(text, rating, withoutGloss)).not.toContain(expected);
    expect(read(text, rating)).toContain(expected);
  });

  it("quotes the sentence as written", () => {
    const found = analyzeReviewText({ text: "Great job. They never calld back.", rating: 2 });
    expect(found.find((a) => a.aspect === "communication")).toMatchObject({ sentiment: "negative", evidence: "They never calld back." });
  });
});
