/** How many characters of what was sent a message may repeat. */
export const excerptLength = 40;

/**
 * What was sent, as a message may quote it: JSON text, cut to a short
 * prefix with the full length named, so that a refusal never echoes a long
 * (or hostile) input back.
 */
export function excerpt(value: unknown, limit = excerptLength): string {
  let text: string;
  try {
    text =
      typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}… (${text.length} characters)`;
}

/** Strings and keys of what was sent that are too long to quote whole. */
function longStrings(sent: unknown, limit: number, found: Set<string>, depth = 0): void {
  if (typeof sent === 'string') {
    if (sent.length > limit) found.add(sent);
    return;
  }
  if (typeof sent !== 'object' || sent === null || depth > 20) return;
  for (const [key, value] of Object.entries(sent)) {
    if (key.length > limit) found.add(key);
    longStrings(value, limit, found, depth + 1);
  }
}

/**
 * A message with every long string of what was sent (values and keys, as
 * such or escaped as JSON would write them) cut to a short prefix: the
 * one guard every refusal passes, whatever a rule chose to quote.
 */
export function capEchoes(message: string, sent: unknown, limit = excerptLength): string {
  const found = new Set<string>();
  longStrings(sent, limit, found);
  if (found.size === 0) return message;
  let capped = message;
  for (const text of [...found].sort((left, right) => right.length - left.length)) {
    const short = `${text.slice(0, limit)}… (${text.length} characters)`;
    capped = capped.split(text).join(short);
    const escaped = JSON.stringify(text).slice(1, -1);
    if (escaped !== text) capped = capped.split(escaped).join(short);
  }
  return capped;
}

/** At most `limit` characters of a message, saying how much was cut. */
export function shorten(message: string, limit = 200): string {
  return message.length <= limit
    ? message
    : `${message.slice(0, limit)}… (${message.length - limit} more characters)`;
}
