import type { Sentence, Token } from "../nlp/read-text.ts";
import type { Mention } from "./analyze-sentence.ts";

const ARRIVAL_WORDS = new Set([
  "arrived",
  "arrive",
  "arrives",
  "showed",
  "show",
  "shows",
  "pulled",
  "rolled",
  "got",
  "came",
  "come",
  "comes",
  "driveway",
  "here",
  "there",
  "door",
  "doorstep",
  "knocked",
  "appeared",
]);
const APPROXIMATELY = new Set(["almost", "nearly", "about", "around", "exactly", "precisely", "like", "roughly", "just"]);
const SINGLE_TIME_WORDS = new Set(["appointment", "scheduled", "booked", "expected", "due", "slot", "start"]);
const WINDOW_WORDS = new Set(["window", "appointment", "slot", "between", "scheduled", "booked", "arrival", "expected", "start"]);

/** Minutes after midnight for "8", "7:58", "7am", "9:15am", "noon" (hours 1 to 6 are read as afternoon). */
export function parseClock(token: Token, next?: Token): number | null {
  if (token.norm === "noon") return 12 * 60;
  const match = /^(\d{1,2})(?::(\d\d))?\s*(am|pm|a\.m\.|p\.m\.)?\.?$/i.exec(token.text);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (hour > 23 || minute > 59) return null;
  const suffix = (match[3] ?? (next && /^(am|pm|a\.m\.|p\.m\.)$/i.test(next.text) ? next.text : "")).toLowerCase();
  if (suffix.startsWith("p") && hour < 12) hour += 12;
  else if (!suffix && hour >= 1 && hour <= 6) hour += 12;
  return hour * 60 + minute;
}

interface Window {
  from: number;
  to: number;
}

/** The arrival window or appointment time the review states ("8-12 window", "a 7:30 appointment", "between 8 and 10"). */
function findWindow(sentences: readonly Sentence[]): Window | null {
  for (const { tokens } of sentences) {
    if (!tokens.some((t) => WINDOW_WORDS.has(t.norm) || SINGLE_TIME_WORDS.has(t.norm))) continue;
    for (let i = 0; i < tokens.length; i += 1) {
      const near = tokens.slice(Math.max(0, i - 3), i + 4).some((t) => WINDOW_WORDS.has(t.norm));
      if (!near) continue;
      const range = /^(\d{1,2}(?::\d\d)?)(am|pm)?-(\d{1,2}(?::\d\d)?)(am|pm)?$/i.exec(tokens[i]!.text);
      if (range) {
        const from = parseClock({ ...tokens[i]!, text: range[1]! + (range[2] ?? "") });
        const to = parseClock({ ...tokens[i]!, text: range[3]! + (range[4] ?? "") });
        if (from !== null && to !== null && to > from) return { from, to };
      }
      const from = parseClock(tokens[i]!, tokens[i + 1]);
      const link = tokens[i + 1]?.text === "-" || ["to", "and"].includes(tokens[i + 1]?.norm ?? "") ? tokens[i + 2] : undefined;
      const to = link ? parseClock(link, tokens[i + 3]) : null;
      if (from !== null && to !== null && to > from) return { from, to };
      const single = tokens.slice(Math.max(0, i - 3), i + 3).some((t) => SINGLE_TIME_WORDS.has(t.norm));
      if (from !== null && single && to === null) return { from, to: from };
    }
  }
  return null;
}

/** "Arrived at 11:50", "in my driveway at 7:58": the stated arrival time of the visit. */
function findArrival(tokens: readonly Token[]): number | null {
  for (let i = 0; i < tokens.length; i += 1) {
    if (!ARRIVAL_WORDS.has(tokens[i]!.norm)) continue;
    for (let j = i + 1; j < Math.min(tokens.length - 1, i + 4); j += 1)
      if (["at", "around", "about"].includes(tokens[j]!.norm)) {
        // "at almost 11", "at exactly 8"
        const k = APPROXIMATELY.has(tokens[j + 1]!.norm) && j + 2 < tokens.length ? j + 2 : j + 1;
        const time = parseClock(tokens[k]!, tokens[k + 1]);
        if (time !== null && !/^(\d+|%|percent)$/.test(tokens[k + 1]?.text ?? "")) return time;
      }
  }
  return null;
}

/**
 * Punctuality from clock times: arriving after the window (or well past the
 * appointment) is negative, in the last quarter hour of a window is negative,
 * at or before the start is positive; "at 7:58" with no stated window reads as
 * punctual. Also: a window of six hours or more, too wide to plan around, is
 * a punctuality complaint (docs/aspects.md).
 */
export function findArrivalMentions(sentences: readonly Sentence[], found: readonly Mention[]): Mention[] {
  const window = findWindow(sentences);
  const mentions: Mention[] = [];
  for (const sentence of sentences) {
    if (found.some((m) => m.sentence === sentence.index && m.aspect === "punctuality")) continue;
    const arrival = findArrival(sentence.tokens);
    if (arrival === null) continue;
    const add = (polarity: 1 | -1, weight: number) => mentions.push({ aspect: "punctuality", polarity, weight, sentence: sentence.index });
    if (window) {
      if (arrival > window.to + (window.to === window.from ? 10 : 0)) add(-1, 1);
      else if (window.to > window.from && arrival >= window.to - 15) add(-1, 0.7);
      else if (arrival <= window.from + 2) add(1, 0.9);
    } else if (arrival % 60 >= 50) add(1, 0.7);
  }
  if (window && window.to - window.from >= 6 * 60)
    for (const sentence of sentences)
      if (sentence.tokens.some((t) => t.norm === "window") && !found.some((m) => m.sentence === sentence.index && m.aspect === "punctuality")) {
        mentions.push({ aspect: "punctuality", polarity: -1, weight: 0.8, sentence: sentence.index });
        break;
      }
  return mentions;
}
