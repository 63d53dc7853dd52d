import type { PartOfSpeech } from "wink-nlp";
import type { Sentence, Token, TokenWord } from "./read-text.ts";

/**
 * An English gloss of the emoji that reviewers use in place of words ("on time
 * ✅ booties ✅ price 💸", "🤬👎 never called back"), for the aspect analysis
 * only. wink-nlp gives emoji a token type of their own, and readSentences
 * (read-text.ts) counts them as punctuation, so without this what they say
 * would never reach the rules or the learned models. Each emoji below reads
 * as one common word with its meaning in a review: most are words the lexicon
 * reads ("good", "bad", "pricey"); a few ("yikes", "ugh") only the learned
 * models can weigh, as far as labelled reviews use them. Its text stays the
 * emoji, so evidence is still quoted verbatim. Emoji with a second common
 * meaning in a review are left out: 🔥 (praise, or the fire), 😭 (joy or
 * grief), ✨ (decoration or a clean result), 🧢 ("no cap" is slang for "no
 * lie"), ⚡ (speed or power); so are star glyphs, which repeat the rating.
 * The modifiers that only change how an emoji looks (skin tones, the
 * presentation selectors, the joiner of a sequence and the gender sign it
 * joins, the keycap mark) are punctuation, not words.
 */
const GLOSSES: ReadonlyArray<readonly [emoji: string, word: string, pos: PartOfSpeech]> = [
  // Verdicts.
  ["👍 👌 ✅ ✔ ☑ ✓", "good", "ADJ"],
  ["💯", "perfect", "ADJ"],
  ["🙌 👏", "great", "ADJ"],
  ["🏆 🥇", "best", "ADJ"],
  ["🆗", "ok", "INTJ"],
  ["🙏", "thanks", "NOUN"],
  ["❤ ♥ 💕 💖 💗 💓 💞 💙 💚 💛 💜 🧡 😍 🥰 😘", "love", "VERB"],
  ["😊 🙂 😀 😃 😄 😁 ☺", "happy", "ADJ"],
  ["😂 🤣", "lol", "INTJ"],
  ["👎 ❌ ✖ ✗ ✘", "bad", "ADJ"],
  ["😡 😠 🤬 👿", "angry", "ADJ"],
  ["🤮 🤢", "gross", "ADJ"],
  ["🚩", "shady", "ADJ"],
  ["🙄 🤦", "ugh", "INTJ"],
  ["😤", "annoyed", "ADJ"],
  ["😞 😔 😟 ☹ 🙁 😕", "disappointed", "ADJ"],
  ["😢 😥", "sad", "ADJ"],
  ["😬", "yikes", "INTJ"],
  ["😱 😳", "shocked", "ADJ"],
  // Things the aspects are about.
  ["💸 🤑", "pricey", "ADJ"],
  ["💰 💵 💲", "money", "NOUN"],
  ["⏰ ⏱ ⌚ 🕐 🕑 🕒 🕓 🕔 🕕 🕖 🕗 🕘 🕙 🕚 🕛", "time", "NOUN"],
  ["⏳ ⌛", "wait", "NOUN"],
  ["🐌", "slow", "ADJ"],
  ["🚀", "fast", "ADJ"],
  ["📞 ☎ 📲", "call", "NOUN"],
  ["📱", "phone", "NOUN"],
  ["📧 📩 📨 ✉", "email", "NOUN"],
  ["💬", "text", "NOUN"],
  ["📅 📆 🗓", "appointment", "NOUN"],
  ["🥶", "cold", "ADJ"],
  ["🐦 🐤", "bird", "NOUN"],
  ["🪺", "nest", "NOUN"],
  ["🦝", "raccoon", "NOUN"],
  ["🐿", "squirrel", "NOUN"],
  ["🦇", "bat", "NOUN"],
  ["🏠 🏡", "house", "NOUN"],
  ["🪵", "wood", "NOUN"],
];

/** The emoji and their glosses, one word object each, shared by its tokens: the pattern matcher caches on it. */
const WORDS = new Map<string, TokenWord>(
  GLOSSES.flatMap(([emoji, norm, pos]) =>
    emoji
      .split(" ")
      .map((text): [string, TokenWord] => [
        text,
        { text, norm, lemma: norm, lower: text, pos, isPunct: false, patternForms: null, patternWords: 0, patternTests: [] },
      ]),
  ),
);

/** Skin tones, the presentation selectors (U+FE0E, U+FE0F), the joiner (U+200D), the gender signs and the keycap mark. */
const MODIFIER = /^(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0E|\uFE0F|\u200D|\u2640|\u2642|\u20E3)+$/u;

/** A picture shown as an emoji by default, or a flag's letter; not ©, ®, ™ or arrows, which read as text. */
const PICTURE = /^(?:\p{Emoji_Presentation}|\p{Regional_Indicator})/u;

/** Whether a token is an emoji or part of one: a clause ends after a run of them (mark-clauses.ts). */
export function isEmoji(text: string): boolean {
  return WORDS.has(text) || MODIFIER.test(text) || PICTURE.test(text);
}

function glossToken(token: Token): Token {
  if (MODIFIER.test(token.text)) {
    if (token.isPunct) return token;
    // A word object of its own, with its own caches: the pattern matcher's tests depend on isPunct.
    const word: TokenWord = { ...token.word, isPunct: true, patternForms: null, patternWords: 0, patternTests: [] };
    return { ...token, isPunct: true, word };
  }
  const word = WORDS.get(token.text);
  if (word === undefined) return token;
  return { ...token, norm: word.norm, lemma: word.lemma, lower: word.lower, pos: word.pos, isPunct: false, word };
}

/** The review's sentences with their emoji glossed in English (a sentence without any is returned as it was). */
export function glossEmoji(sentences: readonly Sentence[]): Sentence[] {
  return sentences.map((sentence) => {
    const tokens = sentence.tokens.map(glossToken);
    return tokens.some((token, i) => token !== sentence.tokens[i]) ? { ...sentence, tokens } : sentence;
  });
}
