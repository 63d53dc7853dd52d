/**
 * The members of a weighted list header (`Accept`, `Accept-Encoding`), lower-cased, with their
 * weights (RFC 9110 §12.4.2): 1 when no `q` is given, 0 for a weight that is not a number from 0 to 1.
 */
export function parseQualityValues(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const member of header.split(",")) {
    const [name, ...params] = member.split(";").map((part) => part.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) && weight >= 0 && weight <= 1 ? weight : 0);
  }
  return weights;
}
