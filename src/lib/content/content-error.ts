/** One problem in one content file: which file, which field, and why. */
export interface ContentIssue {
  file: string;
  field: string;
  reason: string;
}

/**
 * Thrown when `content/` cannot be built. The message lists every problem,
 * one per line, as `file: field: reason`, so an editor can fix them all in one go.
 */
export class ContentError extends Error {
  readonly issues: readonly ContentIssue[];

  constructor(issues: readonly ContentIssue[]) {
    const lines = issues.map((issue) => `  ${issue.file}: ${issue.field}: ${issue.reason}`);
    super(
      `Invalid content (${issues.length} problem${issues.length === 1 ? "" : "s"}); fix these files and build again:\n${lines.join("\n")}`,
    );
    this.name = "ContentError";
    this.issues = issues;
  }
}
