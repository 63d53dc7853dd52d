import type { Sentence, Token } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

/** Words that name an extra charge. */
export const FEE_WORDS: ReadonlySet<string> = new Set([
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
const NEGATORS = new Set(["not", "never", "nobody", "noone", "no-one", "without", "zero", "none", "no"]);
/** Stems of telling: "mention" also matches "mentiond" and "mentioning". */
const TELLING = [
  "mention",
  "told",
  "tell",
  "said",
  "say",
  "warn",
  "disclos",
  "brought",
  "bring",
  "explain",
  "inform",
  "notif",
  "word",
  "heads",
  "discuss",
  "flag",
];
/** How far after the negator the telling word may come ("not one of those extras was mentioned"). */
const REACH = 6;

function isTelling(token: Token): boolean {
  return TELLING.some((stem) => token.norm.startsWith(stem) || token.lemma.startsWith(stem));
}

/** "No one mentioned it", "wasn't mentioned", "not one word about it": a statement that something was not told. */
function saysNotTold(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const negator = NEGATORS.has(token.norm) || (token.norm === "one" && tokens[i - 1]?.norm === "no");
    if (!negator) continue;
    for (let j = i + 1; j <= Math.min(tokens.length - 1, i + REACH); j += 1) {
      if (tokens[j]!.isPunct && tokens[j]!.text !== "'" && tokens[j]!.text !== '"') break;
      if (isTelling(tokens[j]!)) return true;
    }
  }
  return false;
}

/**
 * "A $60 travel fee nobody mentioned when I booked": a charge the customer
 * learned of only on the bill is a price complaint, and only that
 * (docs/aspects.md). The fee is named in the sentence, or judged
 * (price_value negative) in it or the one before.
 */
export function findUndisclosedFees(sentences: readonly Sentence[], found: readonly Mention[]): Mention[] {
  for (const sentence of sentences) {
    const { tokens, index } = sentence;
    const named = tokens.some((t) => FEE_WORDS.has(t.norm));
    const judged = found.some((m) => m.aspect === "price_value" && m.polarity < 0 && (m.sentence === index || m.sentence === index - 1));
    if (!(named || judged) || !saysNotTold(tokens)) continue;
    if (named && !found.some((m) => m.aspect === "price_value" && m.sentence === index))
      return [{ aspect: "price_value", polarity: -1, weight: 0.9, sentence: index }];
  }
  return [];
}
