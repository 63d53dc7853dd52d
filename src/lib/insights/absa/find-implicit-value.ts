import type { Sentence, Token } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

const PAYING = new Set(["paid", "pay", "paying", "charged", "billed"]);
const QUOTE_WORDS = new Set(["quoted", "quote", "quotes", "estimate", "estimated", "told", "said", "advertised", "listed", "special", "coupon", "phone"]);
const BILL_WORDS = new Set(["billed", "bill", "charged", "invoice", "invoiced", "total", "paid", "came", "cost", "ended", "charge"]);

function isMoney(token: Token | undefined): boolean {
  return token !== undefined && (token.text === "$" || /^\$\d/.test(token.text) || ["dollars", "bucks"].includes(token.norm));
}

interface Amount {
  sentence: number;
  value: number;
  kind: "quote" | "bill" | null;
}

/** Dollar amounts in a sentence ("$350", "$ 1,200", "350 dollars"), each classified by the nearest cue word before it. */
function findAmounts(sentence: Sentence): Amount[] {
  const { tokens } = sentence;
  const amounts: Amount[] = [];
  tokens.forEach((token, i) => {
    const inline = /^\$([\d,]+(?:\.\d\d)?)$/.exec(token.text);
    const text = inline
      ? inline[1]!
      : token.text === "$"
        ? tokens[i + 1]?.text
        : isMoney(tokens[i + 1]) && /^[\d,.]+$/.test(token.text)
          ? token.text
          : undefined;
    const value = text === undefined ? NaN : Number(text.replace(/,/g, ""));
    if (!Number.isFinite(value) || value <= 0) return;
    let kind: Amount["kind"] = null;
    for (let j = i - 1; j >= Math.max(0, i - 5) && kind === null; j -= 1) {
      const word = tokens[j]!.norm;
      if (QUOTE_WORDS.has(word)) kind = "quote";
      else if (BILL_WORDS.has(word)) kind = "bill";
    }
    amounts.push({ sentence: sentence.index, value, kind });
  });
  return amounts;
}

/**
 * "Quoted $249 on the phone ... the bill came to $365": a bill above the
 * quote is price_value negative, a bill equal to it positive. The bill may
 * come in the same sentence as the quote or a later one.
 */
export function findQuoteVersusBill(sentences: readonly Sentence[], found: readonly Mention[]): Mention[] {
  if (!sentences.some((s) => /\$|dollars|bucks/.test(s.text))) return [];
  const amounts = sentences.flatMap(findAmounts);
  const quote = amounts.find((a) => a.kind === "quote");
  if (!quote) return [];
  const bill = amounts.find((a) => a.kind === "bill" && a !== quote && a.sentence >= quote.sentence && a.sentence <= quote.sentence + 2);
  if (!bill || found.some((m) => m.aspect === "price_value" && m.sentence === bill.sentence)) return [];
  const polarity = bill.value > quote.value * 1.02 ? -1 : 1;
  return [{ aspect: "price_value", polarity, weight: 1, sentence: bill.sentence }];
}

const CONTRAST = new Set(["but", "though", "although", "yet", "however"]);

/**
 * "Expensive project, but done right", "steep, though every dollar showed":
 * a price complaint conceded against praise of the work on the other side of
 * a contrast is mixed on price_value (docs/aspects.md: concessions are mixed).
 */
function findConcededPrice(sentence: Sentence, found: readonly Mention[]): Mention[] {
  const contrasts = sentence.tokens.flatMap((t, i) => (CONTRAST.has(t.norm) ? [i] : []));
  const prices = found.filter((m) => m.aspect === "price_value" && m.polarity < 0 && m.at !== undefined);
  if (contrasts.length === 0 || prices.length === 0 || found.some((m) => m.aspect === "price_value" && m.polarity > 0)) return [];
  const praise = found.filter((m) => m.aspect === "work_quality" && m.polarity > 0 && m.at !== undefined);
  const across = (a: number, b: number) => contrasts.some((k) => (a < k && k < b) || (b < k && k < a));
  const conceded = praise.find((p) => prices.some((m) => across(m.at!, p.at!)));
  return conceded ? [{ aspect: "price_value", polarity: 1, weight: 0.8, sentence: sentence.index, at: conceded.at }] : [];
}

/**
 * "Paid $180 and nothing changed": money spent on a job that failed is an
 * implicit poor-value opinion alongside the work_quality complaint, unless
 * the sentence already judges the price. A price complaint conceded against
 * good work is mixed (findConcededPrice).
 */
export function findImplicitValueMentions(sentence: Sentence, found: readonly Mention[]): Mention[] {
  if (found.some((m) => m.aspect === "price_value")) return findConcededPrice(sentence, found);
  const failed = found.some((m) => m.aspect === "work_quality" && m.polarity < 0);
  if (!failed) return [];
  const paying = sentence.tokens.some((t, i) => PAYING.has(t.norm) || isMoney(t) || isMoney(sentence.tokens[i + 1]));
  return paying ? [{ aspect: "price_value", polarity: -1, weight: 0.7, sentence: sentence.index }] : [];
}

const MINUTES = new Set(["minute", "minutes", "min", "mins"]);
/** Words that make a number of minutes an arrival time or a wait, not how long the job took. */
const NOT_THE_JOB = new Set([
  "late",
  "early",
  "away",
  "out",
  "wait",
  "waited",
  "waiting",
  "window",
  "drive",
  "hold",
  "before",
  "behind",
  "ahead",
  "call",
  "called",
]);

/** "Forty minutes", "15 min": a stated job length in minutes (not a delay or a wait). */
function statesShortJob(sentence: Sentence): boolean {
  const { tokens } = sentence;
  if (tokens.some((t) => NOT_THE_JOB.has(t.norm))) return false;
  return tokens.some(
    (t, i) => MINUTES.has(t.norm) && i > 0 && (/\d/.test(tokens[i - 1]!.text) || /^(ten|fifteen|twenty|thirty|forty|fifty|five|few)/.test(tokens[i - 1]!.norm)),
  );
}

function statesAmount(sentence: Sentence): boolean {
  const { tokens } = sentence;
  // "$189", "190 dollars", "charged 275", "charged me 210".
  return tokens.some((t, i) => isMoney(t) || (PAYING.has(t.norm) && tokens.slice(i + 1, i + 3).some((next) => /^\d/.test(next.text))));
}

/**
 * "$190 for forty minutes of work", "Twenty-five minutes, $189": a price set
 * against how short the visit was is an implicit poor-value opinion, unless
 * the reviewer judges the price there in so many words.
 */
export function findShortJobPrice(sentences: readonly Sentence[], found: readonly Mention[]): Mention[] {
  for (const sentence of sentences) {
    if (!statesShortJob(sentence)) continue;
    const near = sentences.filter((s) => Math.abs(s.index - sentence.index) <= 1);
    if (near.some((s) => found.some((m) => m.aspect === "price_value" && m.sentence === s.index))) continue;
    const priced = near.find((s) => statesAmount(s));
    if (priced) return [{ aspect: "price_value", polarity: -1, weight: 0.8, sentence: priced.index }];
  }
  return [];
}
