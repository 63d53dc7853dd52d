/**
 * Typing slips put into review texts, for `npm run eval:absa -- --typos`:
 * how well the analyzer reads text typed in a hurry. Each word of four
 * letters or more is slipped with the given probability, by one of the four
 * kinds of slip (Damerau, 1964): a letter left out, a letter doubled, two
 * neighbours swapped, or a letter replaced by its neighbour on a QWERTY
 * keyboard. The first letter is never touched, as people seldom slip on it.
 * A swap of two equal letters ("arrived") changes nothing, so a little
 * fewer words than the rate are changed. Deterministic: the same text, id
 * and rate give the same slips.
 */
import { createHash } from "node:crypto";
import { createRandom } from "../../bench/synthetic/generate.ts";

const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

/** A key beside `letter` on its row, keeping its case; the letter itself when it is not on the keyboard. */
function neighbour(letter: string, next: () => number): string {
  const lower = letter.toLowerCase();
  const row = ROWS.find((keys) => keys.includes(lower));
  if (row === undefined) return letter;
  const at = row.indexOf(lower);
  const keys = [row[at - 1], row[at + 1]].filter((key): key is string => key !== undefined);
  const key = keys[Math.floor(next() * keys.length)]!;
  return letter === lower ? key : key.toUpperCase();
}

function slip(word: string, next: () => number): string {
  const at = 1 + Math.floor(next() * (word.length - 2));
  switch (Math.floor(next() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default:
      return word.slice(0, at) + neighbour(word[at]!, next) + word.slice(at + 1);
  }
}

/** `text` with about `rate` of its words of four letters or more slipped; `id` seeds the slips. */
export function addTypos(text: string, id: string, rate: number): string {
  const next = createRandom(createHash("sha256").update(id).digest().readUInt32LE(0));
  return text.replace(/[A-Za-z]{4,}/g, (word) => (next() < rate ? slip(word, next) : word));
}
