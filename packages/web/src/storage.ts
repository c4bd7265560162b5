/**
 * This browser's own matches: the seat tokens it holds, in localStorage.
 * Only tokens this browser was given are kept (never another seat's), and
 * nothing of any view.
 */
export interface MyMatch {
  id: string;
  ruleset: string;
  seat: string;
  token: string;
  createdAt: number;
}

const key = 'tabletop.matches';

export function myMatches(): MyMatch[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as MyMatch[]) : [];
  } catch {
    return [];
  }
}

export function remember(match: MyMatch): void {
  const others = myMatches().filter((m) => !(m.id === match.id && m.seat === match.seat));
  localStorage.setItem(key, JSON.stringify([match, ...others].slice(0, 50)));
}

export function forget(id: string, seat: string): void {
  localStorage.setItem(
    key,
    JSON.stringify(myMatches().filter((m) => !(m.id === id && m.seat === seat))),
  );
}

export function tokenFor(id: string, seat: string): string | undefined {
  return myMatches().find((m) => m.id === id && m.seat === seat)?.token;
}

/**
 * The action this seat has under way: the kind of question it began at, the
 * sequence number then, and the undos since (entries, and the actions they
 * took back). Kept for this tab only, so that Back survives a reload; it
 * holds nothing but this seat's own counts.
 */
export interface UnderWay {
  answer: string;
  seq: number;
  undoEntries: number;
  undone: number;
}

/** How many of this seat's actions stand since it began the action (every entry since is its own, or Back is refused anyway). */
export function stepsOf(underWay: UnderWay | null, seq: number): number {
  if (!underWay) return 0;
  return seq - underWay.seq - underWay.undoEntries - underWay.undone;
}

const underWayKey = (id: string, seat: string) => `tabletop.underway.${id}.${seat}`;

export function underWayOf(id: string, seat: string): UnderWay | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(underWayKey(id, seat)) ?? 'null');
    return parsed &&
      typeof parsed.answer === 'string' &&
      [parsed.seq, parsed.undoEntries, parsed.undone].every(Number.isInteger)
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function keepUnderWay(id: string, seat: string, underWay: UnderWay | null): void {
  if (underWay) sessionStorage.setItem(underWayKey(id, seat), JSON.stringify(underWay));
  else sessionStorage.removeItem(underWayKey(id, seat));
}
