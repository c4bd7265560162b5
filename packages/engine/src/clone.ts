/**
 * Deep copy of plain data (objects, arrays, strings, numbers, booleans, null).
 * Faster than structuredClone on the small states games keep, which matters
 * because the Match API clones before every action.
 */
export function clonePlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  // Leaves (strings, numbers...) are copied where they are met, without a call each:
  // most of a game state is leaves, and a search clones a state every iteration.
  if (Array.isArray(value)) {
    const length = value.length;
    const copy = new Array(length);
    for (let index = 0; index < length; index++) {
      const item = value[index];
      copy[index] = typeof item === 'object' && item !== null ? clonePlain(item) : item;
    }
    return copy as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    copy[key] = typeof item === 'object' && item !== null ? clonePlain(item) : item;
  }
  return copy as T;
}

/** Throws when a value is not plain data; used by the conformance suite. */
export function assertPlainData(value: unknown, path = 'state'): void {
  if (value === null) return;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`${path} is ${value}, which JSON cannot hold`);
      return;
    case 'object': {
      if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) assertPlainData(item, `${path}[${index}]`);
        return;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        throw new Error(
          `${path} is a ${prototype?.constructor?.name ?? 'non-plain object'}, not plain data`,
        );
      }
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) throw new Error(`${path}.${key} is undefined, which JSON drops`);
        assertPlainData(item, `${path}.${key}`);
      }
      return;
    }
    default:
      throw new Error(`${path} is a ${typeof value}, not plain data`);
  }
}

/** Strict structural equality of plain data (NaN differs from null, -0 from 0). */
export function samePlainData(left: unknown, right: unknown): boolean {
  if (typeof left !== 'object' || left === null || typeof right !== 'object' || right === null) {
    return Object.is(left, right);
  }
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  for (const key of leftKeys) {
    if (!Object.hasOwn(right, key)) return false;
    if (
      !samePlainData(
        (left as Record<string, unknown>)[key],
        (right as Record<string, unknown>)[key],
      )
    )
      return false;
  }
  return true;
}

/**
 * Whether two values are written as the same JSON, without writing it:
 * keys in the same order, undefined and functions left out of objects
 * (null in arrays), numbers as JSON writes them (-0 as 0, NaN and the
 * infinities as null). Stops at the first difference. A value with its
 * own `toJSON` (a Date, say) is compared by its JSON text.
 */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
    return sameWriting(left, right);
  if (hasToJson(left) || hasToJson(right)) return JSON.stringify(left) === JSON.stringify(right);
  const array = Array.isArray(left);
  if (array !== Array.isArray(right)) return false;
  return array
    ? sameArrays(left as unknown[], right as unknown[])
    : sameObjects(left as Record<string, unknown>, right as Record<string, unknown>);
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/** Values JSON leaves out of an object (and writes as null in an array). */
function leftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** Two values not ===, one of them not an object: written alike only as null (or not at all). */
function sameWriting(left: unknown, right: unknown): boolean {
  const asNull = (value: unknown) =>
    value === null || (typeof value === 'number' && !Number.isFinite(value));
  if (asNull(left) || asNull(right)) return asNull(left) && asNull(right);
  if (typeof left === 'bigint' || typeof right === 'bigint')
    return JSON.stringify(left) === JSON.stringify(right);
  return leftOut(left) && leftOut(right);
}

function sameArrays(left: unknown[], right: unknown[]): boolean {
  const length = left.length;
  if (length !== right.length) return false;
  for (let index = 0; index < length; index++) {
    const one = left[index];
    const other = right[index];
    if (one === other) continue;
    // An item JSON leaves out of an object is written as null in an array.
    if (leftOut(one) || leftOut(other)) {
      if (!sameJson(leftOut(one) ? null : one, leftOut(other) ? null : other)) return false;
    } else if (!sameJson(one, other)) return false;
  }
  return true;
}

function sameObjects(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  // Most often both have the same keys in the same order, none left out.
  if (leftKeys.length === rightKeys.length) {
    let index = 0;
    for (; index < leftKeys.length; index++) {
      const key = leftKeys[index]!;
      if (key !== rightKeys[index]) break;
      const one = left[key];
      const other = right[key];
      if (one === other) continue;
      if (leftOut(one) || leftOut(other)) break;
      if (!sameJson(one, other)) return false;
    }
    if (index === leftKeys.length) return true;
  }
  return sameWrittenKeys(left, leftKeys, right, rightKeys);
}

/** The keys each side writes (those whose values JSON keeps), compared in order with their values. */
function sameWrittenKeys(
  left: Record<string, unknown>,
  leftKeys: string[],
  right: Record<string, unknown>,
  rightKeys: string[],
): boolean {
  const written = (object: Record<string, unknown>, keys: string[]) =>
    keys.filter((key) => !leftOut(object[key]));
  const leftWritten = written(left, leftKeys);
  const rightWritten = written(right, rightKeys);
  return (
    leftWritten.length === rightWritten.length &&
    leftWritten.every(
      (key, index) => key === rightWritten[index] && sameJson(left[key], right[key]),
    )
  );
}
