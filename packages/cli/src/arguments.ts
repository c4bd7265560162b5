import {
  type BotName,
  decisionTimeWords,
  ismctsBudget,
  levelNames,
  levels,
  parseBotName,
} from '@tabletop/nemesis';
import { InvalidArgumentError } from 'commander';

/** A whole number within bounds, for commander flags; the error names what was expected. */
export function wholeNumber(minimum: number, maximum: number): (value: string) => number {
  return (value: string) => {
    if (!/^-?\d+$/.test(value.trim()))
      throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
    const number = Number(value);
    if (number < minimum || number > maximum) {
      throw new InvalidArgumentError(
        `expected a number from ${minimum} to ${maximum}, got ${number}`,
      );
    }
    return number;
  };
}

export function oneOf<T extends string>(choices: readonly T[]): (value: string) => T {
  return (value: string) => {
    if (!(choices as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`expected one of ${choices.join(', ')}, got "${value}"`);
    }
    return value as T;
  };
}

/** A Nemesis bot's name for `--bot`: a level, the random bot, or an old name; the error lists them. */
export function nemesisBotName(value: string): BotName {
  try {
    return parseBotName(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** The help text of `--bot`: each level with its time per decision, then the other names. */
export function nemesisBotHelp(): string {
  return `${levelNames.map((level) => `${level} (${decisionTimeWords(levels[level].secondsPerDecision)})`).join(', ')}; also random (any legal action), ismcts (a search, ${ismctsBudget.iterations} iterations a choice, slow) and sensible (the old name of normal)`;
}
