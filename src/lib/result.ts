/**
 * The one shape of an outcome that can fail in an expected way: `ok: true`
 * with the `value`, or `ok: false` with the failure's own named fields
 * (`issues` for validation, `reason` for a single cause). Narrow on `ok`.
 * Exceptions stay for the unexpected; a missing thing is `null`, and the caller decides.
 */
export type Result<T, Failure extends object> = { ok: true; value: T } | ({ ok: false } & Failure);
