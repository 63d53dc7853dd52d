import { ASPECTS, type Aspect, type ReviewAspect, type Sentiment } from "../schema/review.ts";

/** One labelled review (data/absa/). */
export interface AbsaItem {
  id: string;
  rating: number;
  text: string;
  labels: Partial<Record<Aspect, Sentiment>>;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface AspectAccuracy extends Counts {
  aspect: Aspect;
  polarityCorrect: number;
  /** Polarity accuracy on correctly detected aspects (null when none were detected). */
  polarityAccuracy: number | null;
}

export interface AbsaScores {
  items: number;
  aspects: AspectAccuracy[];
  detection: Counts;
  polarityAccuracy: number | null;
  /** Micro P/R/F1 over (aspect, polarity) pairs. */
  pairs: Counts;
}

export interface AbsaError {
  id: string;
  aspect: Aspect;
  gold: Sentiment | null;
  predicted: Sentiment | null;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function toCounts(tp: number, fp: number, fn: number): Counts {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, precision: round(precision), recall: round(recall), f1: round(f1) };
}

function toMap(found: readonly ReviewAspect[]): Map<Aspect, Sentiment> {
  return new Map(found.map((entry) => [entry.aspect, entry.sentiment]));
}

/** Scores predictions against gold labels: detection and polarity per aspect, overall, and (aspect, polarity) pairs. */
export function scoreAbsa(items: readonly AbsaItem[], predict: (item: AbsaItem) => readonly ReviewAspect[]): AbsaScores {
  const tally = new Map(ASPECTS.map((aspect) => [aspect, { tp: 0, fp: 0, fn: 0, correct: 0 }]));
  let pairTp = 0;
  let pairFp = 0;
  let pairFn = 0;
  for (const item of items) {
    const predicted = toMap(predict(item));
    for (const aspect of ASPECTS) {
      const row = tally.get(aspect)!;
      const gold = item.labels[aspect] ?? null;
      const guess = predicted.get(aspect) ?? null;
      if (gold && guess) {
        row.tp += 1;
        if (gold === guess) {
          row.correct += 1;
          pairTp += 1;
        } else {
          pairFp += 1;
          pairFn += 1;
        }
      } else if (gold) {
        row.fn += 1;
        pairFn += 1;
      } else if (guess) {
        row.fp += 1;
        pairFp += 1;
      }
    }
  }
  const aspects = ASPECTS.map((aspect) => {
    const row = tally.get(aspect)!;
    return { aspect, ...toCounts(row.tp, row.fp, row.fn), polarityCorrect: row.correct, polarityAccuracy: row.tp === 0 ? null : round(row.correct / row.tp) };
  });
  const sum = (key: "tp" | "fp" | "fn") => aspects.reduce((total, row) => total + row[key], 0);
  const detected = sum("tp");
  const correct = aspects.reduce((total, row) => total + row.polarityCorrect, 0);
  return {
    items: items.length,
    aspects,
    detection: toCounts(detected, sum("fp"), sum("fn")),
    polarityAccuracy: detected === 0 ? null : round(correct / detected),
    pairs: toCounts(pairTp, pairFp, pairFn),
  };
}

/** Every disagreement between prediction and gold (missed, spurious or wrong polarity). */
export function listAbsaErrors(items: readonly AbsaItem[], predict: (item: AbsaItem) => readonly ReviewAspect[]): AbsaError[] {
  const errors: AbsaError[] = [];
  for (const item of items) {
    const predicted = toMap(predict(item));
    for (const aspect of ASPECTS) {
      const gold = item.labels[aspect] ?? null;
      const guess = predicted.get(aspect) ?? null;
      if (gold !== guess) errors.push({ id: item.id, aspect, gold, predicted: guess });
    }
  }
  return errors;
}

function cell(value: number | null, width: number): string {
  return (value === null ? "-" : value.toFixed(3)).padStart(width);
}

/** Width of the count columns: room for six digits and a space, so that 10,000 true pairs do not run into the F1 column. */
const COUNT = 7;
const countCells = ({ tp, fp, fn }: Counts) => [tp, fp, fn].map((n) => String(n).padStart(COUNT)).join("");

/** A plain-text table of the scores. */
export function formatAbsaTable(scores: AbsaScores, title: string): string {
  const lines = [
    `${title} (${scores.items} reviews)`,
    `${"aspect".padEnd(16)}${"P".padStart(7)}${"R".padStart(7)}${"F1".padStart(7)}${"tp".padStart(COUNT)}${"fp".padStart(COUNT)}${"fn".padStart(COUNT)}${"pol.acc".padStart(9)}`,
  ];
  for (const row of scores.aspects)
    lines.push(`${row.aspect.padEnd(16)}${cell(row.precision, 7)}${cell(row.recall, 7)}${cell(row.f1, 7)}${countCells(row)}${cell(row.polarityAccuracy, 9)}`);
  const d = scores.detection;
  lines.push(`${"detection (all)".padEnd(16)}${cell(d.precision, 7)}${cell(d.recall, 7)}${cell(d.f1, 7)}${countCells(d)}${cell(scores.polarityAccuracy, 9)}`);
  const p = scores.pairs;
  lines.push(`${"micro (asp,pol)".padEnd(16)}${cell(p.precision, 7)}${cell(p.recall, 7)}${cell(p.f1, 7)}${countCells(p)}`);
  return lines.join("\n");
}
