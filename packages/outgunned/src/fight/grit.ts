import type { GritLoss } from '../dice/damage-control.js';
import { type DieSource, dieSource } from '../dice/roll.js';
import type { Enemy } from './enemies.js';
import { type EventLog, say, sayAboutEnemyGrit } from './events.js';
import {
  type Attribute,
  badBox,
  type Condition,
  conditionOfAttribute,
  conditions,
  gritBoxes,
  type Hero,
  isFighting,
  maxAdrenaline,
} from './heroes.js';
import type { FightState } from './state.js';

/**
 * The Condition a Hero takes on filling the bad box: the one matching the
 * Attribute that failed (a choice: the Director could name another), or
 * Tired when the Hero has it already, or the first one missing.
 */
export function conditionFor(hero: Hero, attribute: Attribute | null): Condition | null {
  const wanted: Condition = attribute === null ? 'hurt' : conditionOfAttribute[attribute];
  for (const candidate of [wanted, 'tired' as const, ...conditions]) {
    if (!hero.conditions.includes(candidate)) return candidate;
  }
  return null;
}

/**
 * Fills Hero Grit boxes. Filling the 8th (bad box) gives a Condition;
 * filling the 12th (hot box) gives +2 Adrenaline; losing Grit with the track
 * full brings the Death Roulette.
 */
export function heroLosesGrit(
  state: FightState,
  hero: Hero,
  loss: GritLoss,
  attribute: Attribute | null,
  events: EventLog,
  cause: string,
): void {
  if (!isFighting(hero)) return;
  const boxesLeft = gritBoxes - hero.grit;
  if (loss === 0) return;
  const boxes = loss === 'all' ? Math.max(boxesLeft, 1) : loss;
  const before = hero.grit;
  hero.grit = Math.min(gritBoxes, before + boxes);
  say(
    events,
    'hero-grit',
    before === gritBoxes
      ? `${hero.name} loses ${boxes} Grit with every box already filled: ${cause}`
      : `${hero.name} fills ${hero.grit - before} Grit (${hero.grit}/${gritBoxes}): ${cause}`,
    {
      hero: hero.seat,
      filled: hero.grit - before,
      grit: hero.grit,
      // What filled it, as data: a Hero Left for Dead is counted by the loss that brought it.
      cause,
    },
  );
  if (before < badBox && hero.grit >= badBox) {
    const condition = conditionFor(hero, attribute);
    if (condition !== null) {
      hero.conditions.push(condition);
      say(events, 'condition', `${hero.name} fills the bad box and is ${condition}`, {
        hero: hero.seat,
        condition,
      });
    }
  }
  if (before < gritBoxes && hero.grit === gritBoxes) {
    hero.adrenaline = Math.min(maxAdrenaline, hero.adrenaline + 2);
    say(events, 'hot-box', `${hero.name} fills the hot box: +2 Adrenaline (${hero.adrenaline})`, {
      hero: hero.seat,
    });
  }
  if (before + boxes > gritBoxes) deathRoulette(state, hero, dieSource(state), events);
}

/**
 * Death Roulette: a d6 above the bullets in the drum means the Hero survives
 * and a bullet is added; otherwise the Hero is Left for Dead, unless a friend
 * spends a Spotlight (asked through a step).
 */
export function deathRoulette(
  state: FightState,
  hero: Hero,
  throwDie: DieSource,
  events: EventLog,
): void {
  const die = throwDie();
  if (die > hero.lethalBullets) {
    hero.lethalBullets = Math.min(6, hero.lethalBullets + 1);
    say(
      events,
      'death-roulette',
      `Death Roulette for ${hero.name}: ${die}, above the bullets: survives (${hero.lethalBullets} bullets now)`,
      {
        hero: hero.seat,
        die,
        survived: true,
      },
    );
    return;
  }
  say(
    events,
    'death-roulette',
    `Death Roulette for ${hero.name}: ${die}, not above ${hero.lethalBullets} bullets`,
    {
      hero: hero.seat,
      die,
      survived: false,
    },
  );
  const friends = state.heroes.filter(
    (friend) => friend !== hero && isFighting(friend) && friend.spotlight > 0,
  );
  if (friends.length === 0) {
    leaveForDead(hero, events);
    return;
  }
  state.steps.push({
    kind: 'save-from-death',
    hero: hero.seat,
    asked: friends.map((friend) => friend.seat),
    passed: [],
  });
}

export function leaveForDead(hero: Hero, events: EventLog): void {
  hero.status = 'left-for-dead';
  hero.cover = 'none';
  say(events, 'left-for-dead', `${hero.name} is Left for Dead`, { hero: hero.seat });
}

/**
 * Fills Enemy Grit boxes; each hot box filled gives the Director 1
 * Adrenaline; a full track defeats the Enemy.
 */
export function enemyLosesGrit(
  state: FightState,
  enemy: Enemy,
  boxes: number,
  events: EventLog,
  cause: string,
): void {
  if (enemy.defeated || boxes <= 0) return;
  const before = enemy.lost;
  enemy.lost = Math.min(enemy.grit, before + boxes);
  const hot = enemy.hotBoxes.filter((box) => box > before && box <= enemy.lost).length;
  state.director.adrenaline += hot;
  sayAboutEnemyGrit(
    state,
    events,
    'enemy-grit',
    `${enemy.name} loses ${enemy.lost - before} Grit (${enemy.lost}/${enemy.grit})${hot > 0 ? `, ${hot} hot box: the Director gains ${hot} Adrenaline` : ''}: ${cause}`,
    `${enemy.name} is hit: ${cause}`,
    { enemy: enemy.id, lost: enemy.lost - before, total: enemy.lost, hotBoxes: hot },
  );
  if (enemy.lost >= enemy.grit) {
    enemy.defeated = true;
    say(events, 'enemy-defeated', `${enemy.name} is defeated`, { enemy: enemy.id });
  }
}

/** Takes the Enemy out at once (a Jackpot, when that option is on). */
export function takeOut(state: FightState, enemy: Enemy, events: EventLog, cause: string): void {
  enemyLosesGrit(state, enemy, enemy.grit - enemy.lost, events, cause);
}

type SaveStep = Extract<FightState['steps'][number], { kind: 'save-from-death' }>;

/** Friends who may still spend a Spotlight to save a Hero from the Death Roulette. */
export function friendsStillAsked(state: FightState, step: SaveStep): string[] {
  return step.asked.filter((seat) => {
    const friend = state.heroes.find((hero) => hero.seat === seat);
    return (
      !step.passed.includes(seat) &&
      friend !== undefined &&
      isFighting(friend) &&
      friend.spotlight > 0
    );
  });
}

export function spendSpotlight(
  state: FightState,
  friend: Hero,
  step: SaveStep,
  events: EventLog,
): void {
  const hero = state.heroes.find((candidate) => candidate.seat === step.hero)!;
  friend.spotlight--;
  state.steps.pop();
  say(events, 'saved', `${friend.name} spends a Spotlight: ${hero.name} is not Left for Dead`, {
    hero: hero.seat,
    friend: friend.seat,
  });
}

export function letFateDecide(
  state: FightState,
  friend: Hero,
  step: SaveStep,
  events: EventLog,
): void {
  step.passed.push(friend.seat);
  if (friendsStillAsked(state, step).length > 0) return;
  state.steps.pop();
  leaveForDead(state.heroes.find((candidate) => candidate.seat === step.hero)!, events);
}
