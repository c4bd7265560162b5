// How a broken content pack is reported: every problem names its file, the JSON
// path inside it and what was expected, so a pack author can fix it without
// reading the loader.

export interface ContentIssue {
  /** File name inside the pack, e.g. `board.json`. */
  readonly file: string;
  /** JSON path such as `cards[3].blood`; empty for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

/** `['cards', 3, 'blood']` -> `cards[3].blood`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const step of path) {
    if (typeof step === 'number') text += `[${step}]`;
    else text += text === '' ? String(step) : `.${String(step)}`;
  }
  return text;
}

export function describeIssue(issue: ContentIssue): string {
  return issue.path === ''
    ? `${issue.file}: ${issue.message}`
    : `${issue.file}: ${issue.path}: ${issue.message}`;
}

// Enough lines to fix a batch of mistakes at once without flooding a terminal.
const SHOWN_ISSUES = 20;

export class ContentError extends Error {
  override readonly name = 'ContentError';
  readonly issues: readonly ContentIssue[];
  readonly source: string | undefined;

  constructor(issues: readonly ContentIssue[], source?: string) {
    const lines = issues.slice(0, SHOWN_ISSUES).map(describeIssue);
    if (issues.length > SHOWN_ISSUES) lines.push(`... and ${issues.length - SHOWN_ISSUES} more`);
    const heading = source === undefined ? [] : [`content pack ${source} is invalid:`];
    super([...heading, ...lines].join('\n'));
    this.issues = issues;
    this.source = source;
  }
}
