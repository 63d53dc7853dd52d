import type { Sentence } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

/** Words that name an extra charge. */
const FEE_WORDS: ReadonlySet<string> = new Set([
  "fee",
  "fees",
  "surcharge",
  "surcharges",
  "charge",
  "charges",
  "extra",
  "extras",
  "add-on",
  "add-ons",
  "addon",
  "upcharge",
  "invoice",
  "bill",
]);
/** Words about arriving: "texted he was on his way", "an ETA", "showed up at 3, no call". */
const ARRIVING =
  /\b(on (the|his|her|their|my) way|eta|en route|(\d+|five|ten|fifteen|twenty|thirty|forty) (minutes|minute|mins|min) (out|away)|heading (over|out|this way)|running (late|behind)|late|show(ed|s)? (up|at)|arriv(e|ed|ing)|(rolled|pulled|turned) (up|in)|no-?show|window)\b/i;

/**
 * Settles the aspect of cues that depend on what they are about (docs/aspects.md,
 * "Where aspects meet"): a call about arriving, or silence about arriving late,
 * is punctuality ("Two hours late. Didn't even call."); a call that only
 * carries a booking change adds nothing to its sentence's scheduling opinion;
 * not being told of a fee named there or just before is price_value only.
 * Everywhere else they stay communication.
 */
export function settleBoundaries(sentences: readonly Sentence[], mentions: readonly Mention[]): Mention[] {
  const punctual = new Set(mentions.filter((m) => m.aspect === "punctuality" && !m.boundary).map((m) => m.sentence));
  const priced = new Set(mentions.filter((m) => m.aspect === "price_value").map((m) => m.sentence));
  const booked = new Set(mentions.filter((m) => m.aspect === "scheduling").map((m) => m.sentence));
  const namesFee = (index: number) => priced.has(index) || (sentences[index]?.tokens.some((t) => FEE_WORDS.has(t.norm)) ?? false);
  const settled: Mention[] = [];
  for (const mention of mentions) {
    const { boundary, sentence: index, polarity } = mention;
    if (boundary === undefined) {
      settled.push(mention);
      continue;
    }
    // The sentence before counts too: "They showed up at 2:40. No call, no text."
    const arriving = punctual.has(index) || punctual.has(index - 1) || [index, index - 1].some((i) => i >= 0 && ARRIVING.test(sentences[i]!.text));
    if (polarity < 0 && (namesFee(index) || (boundary === "not-told" && namesFee(index - 1)))) settled.push({ ...mention, aspect: "price_value" });
    else if (arriving && (boundary === "call-ahead" || polarity < 0)) settled.push({ ...mention, aspect: "punctuality" });
    else if (boundary === "not-told" || !booked.has(index)) settled.push(mention);
  }
  return settled;
}
