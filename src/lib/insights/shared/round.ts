/** Rounds to a fixed number of decimals (deterministic output for the JSON files). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** (positive - negative) / total, from -1 to 1, three decimals; 0 when there is nothing to count. */
export function scoreSentiment(positive: number, negative: number, total: number): number {
  return total === 0 ? 0 : roundTo((positive - negative) / total, 3);
}

/** Mean of star ratings, two decimals; null for no ratings. */
export function averageRating(ratings: readonly number[]): number | null {
  return ratings.length === 0 ? null : roundTo(ratings.reduce((sum, r) => sum + r, 0) / ratings.length, 2);
}
