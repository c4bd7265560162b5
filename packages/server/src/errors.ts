/** A refused request: the status, a stable code, and words that name what was wrong. */
export class TableError extends Error {
  override name = 'TableError';
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }

  body(): { code: string; message: string } & Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

/** The longest part of anything a client sent that an error may quote back. */
export const quoteLimit = 32;

/** At most a short prefix of what was sent, as JSON, for an error message. */
export function quote(sent: unknown): string {
  let text: string;
  try {
    text = typeof sent === 'string' ? sent : (JSON.stringify(sent) ?? String(sent));
  } catch {
    text = String(sent);
  }
  return JSON.stringify(text.length > quoteLimit ? `${text.slice(0, quoteLimit)}…` : text);
}

/** Messages from rules code are short by contract; this keeps a long one from carrying input out. */
export function shorten(message: string, limit = 200): string {
  return message.length > limit ? `${message.slice(0, limit)}…` : message;
}

interface Issue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  keys?: readonly string[];
}

/**
 * The first thing zod found wrong: where, and what. Keys and path segments
 * come from the client, so each is quoted no longer than a short prefix.
 */
export function describeIssue(issues: readonly Issue[]): string {
  const issue = issues[0];
  if (!issue) return '(root): not of the expected shape';
  const where = issue.path
    .map((segment) => {
      const text = String(segment);
      return text.length > quoteLimit ? `${text.slice(0, quoteLimit)}…` : text;
    })
    .join('.');
  const what =
    issue.code === 'unrecognized_keys'
      ? `unrecognized key ${quote(issue.keys?.[0] ?? '')}`
      : shorten(issue.message, 160);
  return `${where || '(root)'}: ${what}`;
}

/**
 * Every problem zod found (at most `most`), each as `where: what`, the path
 * under `root` (e.g. `options.scene.heroes.0.grit: ...`); path segments and
 * keys come from the client, so each is quoted no longer than a short prefix.
 */
export function listIssues(root: string, issues: readonly Issue[], most = 20): string[] {
  const listed = issues.slice(0, most).map((issue) => {
    const where = [
      root,
      ...issue.path.map((segment) => {
        const text = String(segment);
        return text.length > quoteLimit ? `${text.slice(0, quoteLimit)}…` : text;
      }),
    ].join('.');
    const what =
      issue.code === 'unrecognized_keys'
        ? `unrecognized key${(issue.keys?.length ?? 0) > 1 ? 's' : ''} ${(issue.keys ?? [])
            .slice(0, 5)
            .map(quote)
            .join(', ')}`
        : shorten(issue.message, 160);
    return `${where}: ${what}`;
  });
  if (issues.length > most) listed.push(`and ${issues.length - most} more`);
  return listed;
}
