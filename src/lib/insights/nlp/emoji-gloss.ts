import type { PartOfSpeech } from "wink-nlp";
import type { Sentence, Token, TokenWord } from "./read-text.ts";

/**
 * An English gloss of the emoji that reviewers use in place of words ("on time
 * ✅ booties ✅ price 😬", "🤬👎 never called back"), for the aspect analysis
 * only. wink-nlp types emoji as punctuation, so without it what they say is
 * invisible to the rules and the learned models. Each emoji below reads as one
 * common word with the same meaning in a review, which the lexicon and the
 * models already know; its text stays the emoji, so evidence is still quoted
 * verbatim. Emoji whose meaning in a review is unclear (🔥 is praise or the
 * fire, 😭 joy or grief, ✨ decoration or a clean result) are left out, as are
 * star glyphs, which repeat the rating. The modifiers that only change how an
 * emoji looks (skin tones, the emoji presentation selector, the joiner of a
 * sequence and the gender sign it joins) are punctuation, not words.
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
  ["👎 ❌ ✖ ✗", "bad", "ADJ"],
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
  ["🚀 ⚡", "fast", "ADJ"],
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
  ["🧢", "cap", "NOUN"],
  ["🪵", "wood", "NOUN"],
];

/** The emoji and their glosses; one word object per gloss, shared by its tokens, as the pattern matcher caches on it. */
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

/** Skin tones (U+1F3FB to U+1F3FF), the emoji presentation selector (U+FE0F), the joiner (U+200D) and the gender signs. */
const MODIFIER = /^(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D|\u2640|\u2642)+$/u;

function glossToken(token: Token): Token {
  if (MODIFIER.test(token.text)) return token.isPunct ? token : { ...token, isPunct: true, word: { ...token.word, isPunct: true } };
  const word = WORDS.get(token.text.replace(/\uFE0F/g, ""));
  if (word === undefined) return token;
  return {
    ...token,
    norm: word.norm,
    lemma: word.lemma,
    lower: token.text,
    pos: word.pos,
    isPunct: false,
    word: token.text === word.text ? word : { ...word, text: token.text, lower: token.text },
  };
}

/** The review's sentences with their emoji glossed in English (a sentence without any is returned as it was). */
export function glossEmoji(sentences: readonly Sentence[]): Sentence[] {
  return sentences.map((sentence) => {
    const tokens = sentence.tokens.map(glossToken);
    return tokens.some((token, i) => token !== sentence.tokens[i]) ? { ...sentence, tokens } : sentence;
  });
}
