import wrapAnsi from 'wrap-ansi';

/** The narrowest terminal the screens are made for: 80 columns by 24 lines. */
export const terminalWidth = 80;

/** A rule between screens, as wide as the terminal. */
export const screenRule = '='.repeat(terminalWidth);

/**
 * Every line at most `width` columns, but for a single word longer than that.
 * A longer line breaks at spaces, and
 * its continuation lines are indented under the start of its text, so a
 * wrapped room or character still reads as one entry.
 */
export function fitWidth(text: string, width = terminalWidth): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.length <= width) return line;
      const indent = line.length - line.trimStart().length;
      const hanging = ' '.repeat(Math.min(indent + 4, 16));
      // A word longer than the line (an address, a token) is never cut: it may be copied.
      const [first = '', ...rest] = wrapAnsi(line.slice(indent), width - hanging.length, {
        hard: false,
      }).split('\n');
      return [' '.repeat(indent) + first, ...rest.map((part) => hanging + part)].join('\n');
    })
    .join('\n');
}
