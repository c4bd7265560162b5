import type { Enemy } from './enemies.js';
import { type EventLog, say } from './events.js';
import { type Hero, type RangeBand, rangeBands } from './heroes.js';
import { type Refusal, refusal } from './refusal.js';

/**
 * Range bands. Melee and Close are a Quick Action apart ("reach an Enemy
 * who is in Close Range"); every other step between bands takes a whole
 * turn or an extra Full Action (Medium to Close as the chapter says; Long
 * "in 2 to 3 turns" is simplified to one such step per band, a choice).
 */
export function bandIndex(band: RangeBand): number {
  return rangeBands.indexOf(band);
}

export function nextBand(band: RangeBand, direction: 'approach' | 'withdraw'): RangeBand | null {
  const index = bandIndex(band) + (direction === 'approach' ? -1 : 1);
  return rangeBands[index] ?? null;
}

/** Whether a move between two adjacent bands is quick (Melee and Close) or needs a full action. */
export function moveIsQuick(from: RangeBand, to: RangeBand): boolean {
  return (from === 'close' && to === 'melee') || (from === 'melee' && to === 'close');
}

export function checkMove(
  hero: Hero,
  enemy: Enemy | undefined,
  direction: 'approach' | 'withdraw',
  speed: 'quick' | 'full',
): Refusal | null {
  if (enemy === undefined)
    return refusal('unknown-enemy', 'name the Enemy to move toward or away from');
  if (enemy.defeated) return refusal('enemy-defeated', `${enemy.name} is already defeated`);
  const from = hero.ranges[enemy.id]!;
  const to = nextBand(from, direction);
  if (to === null) {
    return refusal(
      'no-band',
      `${hero.name} is already at ${from} from ${enemy.name}; there is no band to ${direction} to`,
    );
  }
  if (speed === 'quick' && !moveIsQuick(from, to)) {
    return refusal(
      'needs-full-action',
      `moving from ${from} to ${to} needs a whole turn or an extra Full Action, not a Quick Action`,
    );
  }
  return null;
}

/** Moving leaves whatever cover the Hero had: cover is a place. */
export function move(
  hero: Hero,
  enemy: Enemy,
  direction: 'approach' | 'withdraw',
  events: EventLog,
): void {
  const from = hero.ranges[enemy.id]!;
  const to = nextBand(from, direction)!;
  hero.ranges[enemy.id] = to;
  const leftCover = hero.cover !== 'none';
  hero.cover = 'none';
  say(
    events,
    'move',
    `${hero.name} moves from ${from} to ${to} range of ${enemy.name}${leftCover ? ', leaving cover' : ''}`,
    {
      hero: hero.seat,
      enemy: enemy.id,
      range: to,
    },
  );
}

/** Friends in Melee with an Enemy: the ones a shot into that melee endangers. */
export function friendsInMelee(heroes: readonly Hero[], shooter: Hero, enemy: Enemy): Hero[] {
  return heroes.filter(
    (friend) =>
      friend !== shooter && friend.status === 'fighting' && friend.ranges[enemy.id] === 'melee',
  );
}
