import winkNLP, { type ItemSentence, type ItsFunction, type PartOfSpeech, type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/** One token with its exact character span in the source text. */
export interface Token {
  /** Verbatim token text. */
  text: string;
  /** Lower-cased normal form ("n't" becomes "not", "wo" becomes "will"). */
  norm: string;
  /** Lower-cased text as written (wink's normal form also fixes spelling: "cancellation" becomes "cancelation"). */
  lower: string;
  lemma: string;
  pos: PartOfSpeech;
  start: number;
  end: number;
  /** wink-nlp's negation flag (token inside the scope of a "not"/"never"/"no"). */
  negated: boolean;
  isPunct: boolean;
  /** Token starts a new line in the source (paragraph or line break before it). */
  lineStart: boolean;
}

export interface Sentence {
  index: number;
  /** Sentence text, sliced verbatim from the source. */
  text: string;
  start: number;
  end: number;
  tokens: Token[];
}

let nlp: WinkMethods | null = null;

/** Loads the installed wink English model once, on first use (never downloads anything). */
function loadNlp(): WinkMethods {
  nlp ??= winkNLP(model, ["sbd", "negation", "pos"]);
  return nlp;
}

/**
 * Splits `text` into sentences of tokens with wink-nlp. Spans are computed from
 * wink's lossless token stream (value plus preceding spaces), so
 * `text.slice(sentence.start, sentence.end)` is always the sentence verbatim.
 */
export function readSentences(text: string): Sentence[] {
  const winkApi = loadNlp();
  const its = winkApi.its;
  const doc = winkApi.readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out() as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const norms = tokens.out(its.normal) as string[];
  // wink's typings declare its.lemma with an extra addons parameter; at run time it is an ordinary its function.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const tags = tokens.out(its.pos) as PartOfSpeech[];
  const flags = tokens.out(its.negationFlag) as unknown as boolean[];
  const types = tokens.out(its.type) as string[];

  const all: Array<Token | null> = [];
  let offset = 0;
  let afterBreak = true;
  for (let i = 0; i < values.length; i += 1) {
    const space = spaces[i] ?? "";
    const value = values[i] ?? "";
    const start = offset + space.length;
    const end = start + value.length;
    offset = end;
    // Line breaks arrive as their own "tabCRLF" tokens: drop them, remember the break.
    if (types[i] === "tabCRLF" || value.trim() === "") {
      all.push(null);
      afterBreak ||= value.includes("\n") || value.includes("\r");
      continue;
    }
    const norm = (norms[i] ?? value).toLowerCase();
    const lineStart = afterBreak || space.includes("\n");
    afterBreak = false;
    all.push({
      text: value,
      norm,
      lower: value.toLowerCase(),
      lemma: (lemmas[i] ?? norm).toLowerCase(),
      pos: tags[i] ?? "X",
      start,
      end,
      negated: flags[i] === true,
      isPunct: types[i] === "punctuation" || types[i] === "emoticon" || types[i] === "emoji",
      lineStart,
    });
  }

  const sentences: Sentence[] = [];
  let cursor = 0;
  doc.sentences().each((sentence: ItemSentence) => {
    const count = sentence.tokens().length();
    const slice = all.slice(cursor, cursor + count).filter((t): t is Token => t !== null);
    cursor += count;
    pushSentence(text, slice, sentences);
  });
  return sentences;
}

/** Adds a sentence, splitting it again at line breaks (wink keeps "10/10\nGreat" together). */
function pushSentence(text: string, tokens: Token[], sentences: Sentence[]): void {
  let begin = 0;
  for (let i = 1; i <= tokens.length; i += 1) {
    if (i < tokens.length && !tokens[i]!.lineStart) continue;
    const part = tokens.slice(begin, i);
    begin = i;
    if (part.length === 0) continue;
    const start = part[0]!.start;
    const end = part[part.length - 1]!.end;
    sentences.push({ index: sentences.length, text: text.slice(start, end), start, end, tokens: part });
  }
}
