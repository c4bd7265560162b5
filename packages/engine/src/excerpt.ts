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
