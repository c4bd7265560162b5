import type { GameEvent } from '@tabletop/engine';
import type { FightState } from './state.js';
import { directorSeat } from './state.js';

/** Events produced while an action resolves, in order. */
export type EventLog = GameEvent[];

export function say(
  events: EventLog,
  type: string,
  text: string,
  details: Record<string, unknown> = {},
): void {
  events.push({ type, audience: 'all', text, ...details });
}

/**
 * An event about Enemy Grit: everyone sees it, unless the Director hides
 * Enemy Grit, when the Heroes see only `publicText` and the Director the rest.
 */
export function sayAboutEnemyGrit(
  state: FightState,
  events: EventLog,
  type: string,
  text: string,
  publicText: string,
  details: Record<string, unknown>,
): void {
  if (!state.rules.hideEnemyGrit) {
    events.push({ type, audience: 'all', text, ...details });
    return;
  }
  events.push({ type, audience: [directorSeat], text, ...details });
  events.push({
    type: `${type}-public`,
    audience: state.heroes.map((hero) => hero.seat),
    text: publicText,
  });
}
