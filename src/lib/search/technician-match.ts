import type { TechnicianName } from "./dataset-index.ts";
import { foldText } from "./normalize.ts";

export type TechnicianMatch = { kind: "found"; id: string } | { kind: "ambiguous"; candidates: readonly TechnicianName[] } | { kind: "unknown" };

/**
 * Resolves `mentions_technician` (docs/design.md): a technician's id, full name or
 * first name, case- and accent-insensitively. A first name shared by two
 * technicians ("Chris") is ambiguous and matches neither.
 */
export function matchTechnician(value: string, roster: readonly TechnicianName[]): TechnicianMatch {
  const wanted = foldText(value);
  const exact = roster.find((t) => t.folded.id === wanted || t.folded.full === wanted);
  if (exact) return { kind: "found", id: exact.id };
  const byFirst = roster.filter((t) => t.folded.first === wanted);
  if (byFirst.length === 1) return { kind: "found", id: byFirst[0]!.id };
  if (byFirst.length > 1) return { kind: "ambiguous", candidates: byFirst };
  return { kind: "unknown" };
}
