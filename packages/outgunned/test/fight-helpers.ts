import { type GameEvent, Match } from '@tabletop/engine';
import { expect } from 'vitest';
import {
  type FightAction,
  type FightActionInput,
  type FightSetupInput,
  type FightState,
  type FightView,
  optionsFromSetup,
  outgunnedFight,
  topStep,
} from '../src/index.js';

export type FightMatch = Match<FightState, FightAction, FightView, unknown>;
type HeroInput = NonNullable<FightSetupInput['heroes']>[number];

/** A Hero with 2 in every Attribute and the combat Skills at 2: most pools are 4 dice. */
export function hero(name: string, extra: Partial<HeroInput> = {}): HeroInput {
  return {
    name,
    attributes: { brawn: 2, nerves: 2, smooth: 2, focus: 2, crime: 2 },
    skills: { fight: 2, shoot: 2, stunt: 2, force: 2, endure: 2, fix: 2, stealth: 2, awareness: 2 },
    weapons: [
      { name: 'fists', kind: 'unarmed' },
      { name: 'pistol', kind: 'pistol' },
    ],
    mags: { pistol: 2 },
    range: 'melee',
    ...extra,
  };
}

/** A fight with dice stacked, thrown first and in order. */
export function fight(setup: FightSetupInput, dice: number[] = []): FightMatch {
  return Match.create(
    outgunnedFight,
    optionsFromSetup({ ...setup, stackedDice: dice }),
    'test',
  ) as unknown as FightMatch;
}

/** Submits an action that must be accepted; returns its events. */
export function act(match: FightMatch, seat: string, action: FightActionInput): GameEvent[] {
  const outcome = match.submit(seat, action);
  if (!outcome.ok)
    throw new Error(
      `${seat} ${JSON.stringify(action)} refused: ${outcome.rejection.code}: ${outcome.rejection.message}`,
    );
  return outcome.events;
}

/** Submits an action that must be refused with this code, and checks nothing changed. */
export function refused(match: FightMatch, seat: string, action: unknown, code: string): string {
  const before = match.hash();
  const outcome = match.submit(seat, action);
  expect(outcome.ok, `${JSON.stringify(action)} should be refused`).toBe(false);
  if (outcome.ok) return '';
  expect(outcome.rejection.code).toBe(code);
  expect(match.hash()).toBe(before);
  return outcome.rejection.message;
}

/** Keeps the roll in hand, if the Hero is being asked about it. */
export function keep(match: FightMatch, seat: string): GameEvent[] {
  const step = topStep(match.state);
  if (step?.kind === 'roll' && step.rolling.hero === seat)
    return act(match, seat, { type: 'keep-roll' });
  return [];
}

export function attackWith(
  match: FightMatch,
  seat: string,
  extra: Partial<Extract<FightActionInput, { type: 'attack' }>> = {},
): GameEvent[] {
  return act(match, seat, {
    type: 'attack',
    enemy: 'enemy-1',
    weapon: 0,
    attribute: 'brawn',
    skill: 'fight',
    ...extra,
  });
}

export function heroOf(match: FightMatch, seat: string) {
  return match.state.heroes.find((candidate) => candidate.seat === seat)!;
}

export function enemyOf(match: FightMatch, id = 'enemy-1') {
  return match.state.enemies.find((candidate) => candidate.id === id)!;
}

/** The pool of the last roll event. */
export function lastPool(events: GameEvent[]): number {
  const roll = [...events].reverse().find((event) => event.type === 'roll');
  return roll?.pool as number;
}

export function texts(events: GameEvent[]): string[] {
  return events.map((event) => event.text ?? '');
}

/** Ends the turn of every Hero still acting. */
export function endActionTurn(match: FightMatch): void {
  const turn = match.state.turn;
  if (turn.kind !== 'action') return;
  for (const [seat, own] of Object.entries(turn.heroes)) {
    if (!own.done && match.state.turn.kind === 'action') act(match, seat, { type: 'end-turn' });
  }
}
