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
