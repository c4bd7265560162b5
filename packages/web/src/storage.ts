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
