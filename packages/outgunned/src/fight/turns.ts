import { unitsFromImpossibleSets, unitsNeeded } from '../dice/difficulty.js';
import { rerollsAllowed } from '../dice/reroll.js';
import { dieSource } from '../dice/roll.js';
import { describeSets, unitsOf } from '../dice/successes.js';
import { closeFinishedTurns, startActionTurn } from './action-turn.js';
import { resolveAttack } from './attack.js';
import { resolveBrawlBlow } from './brawl.js';
import { resolveGamble } from './danger-to-others.js';
import { type EventLog, say } from './events.js';
import { actionsOnly, offerExtras } from './extra-successes.js';
import { friendsStillAsked, leaveForDead } from './grit.js';
import { extraActionsLeft } from './heroes.js';
import {
  heroesStillToReact,
  nextEnemyOrDone,
  recordReaction,
  resolveReaction,
  startReactionTurn,
  startSpending,
} from './reaction-turn.js';
import { extraUnits, rollSucceeded } from './rolling.js';
import { type FightState, findHero, type RollInProgress, topStep } from './state.js';

/**
 * The turns alternate, Action then Reaction (Action only, in a Brawl),
 * until the Enemies are defeated, the Heroes are, or the fight is interrupted.
 */

export function openFight(
  state: FightState,
  starts: 'heroes' | 'enemies' | 'coin-flip',
  events: EventLog,
): void {
  let heroesStart = starts === 'heroes';
  if (starts === 'coin-flip') {
    const die = dieSource(state)();
    heroesStart = die <= 3;
    say(
      events,
      'coin-flip',
      `Coin flip (a die: ${die}): the ${heroesStart ? 'Heroes' : 'Enemies'} start`,
      { die },
    );
  }
  if (heroesStart || state.rules.mode === 'brawl') {
    startActionTurn(state, events);
  } else {
    state.round = 1;
    startReactionTurn(state, events);
  }
  advance(state, events);
}

/** Ends the fight when one side is down; true when it is over. */
function checkEnd(state: FightState, events: EventLog): boolean {
  if (state.outcome !== null) return true;
  if (state.enemies.every((enemy) => enemy.defeated)) {
    state.outcome = 'heroes';
    say(events, 'fight-over', 'Every Enemy is defeated: the Heroes win');
    return true;
  }
  if (state.heroes.every((hero) => hero.status !== 'fighting') && state.steps.length === 0) {
    state.outcome = 'enemies';
    say(events, 'fight-over', 'Every Hero is Left for Dead: the Enemies win');
    return true;
  }
  return false;
}

/** A roll is done (kept, or no re-roll is left): its purpose decides what follows. */
export function finishRoll(state: FightState, rolling: RollInProgress, events: EventLog): void {
  const hero = findHero(state, rolling.hero)!;
  resolveRoll(state, rolling, events);
  resolveGamble(state, hero, rolling.roll, rolling.gamble, events);
}

function resolveRoll(state: FightState, rolling: RollInProgress, events: EventLog): void {
  const hero = findHero(state, rolling.hero)!;
  const purpose = rolling.purpose;
  if (purpose.type === 'attack') {
    if (state.rules.mode === 'brawl') resolveBrawlBlow(state, hero, rolling, events);
    else resolveAttack(state, hero, rolling, events);
    return;
  }
  const dice = rolling.roll.dice;
  if (purpose.type === 'reaction') {
    recordReaction(state, rolling, unitsOf(dice), unitsFromImpossibleSets(dice));
    say(events, 'reaction-rolled', `${hero.name} keeps ${dice.join(' ')} - ${describeSets(dice)}`, {
      hero: hero.seat,
    });
    return;
  }
  if (rollSucceeded(state, rolling)) {
    say(events, 'collateral-success', `${hero.name} succeeds`, { hero: hero.seat });
    const extras = extraUnits(rolling);
    if (extras > 0) offerExtras(state, hero.seat, extras, actionsOnly);
  } else {
    say(
      events,
      'collateral-failure',
      `${hero.name} fails (needed ${unitsNeeded(rolling.difficulty)} units)`,
      { hero: hero.seat },
    );
  }
}

/** Resolves everything that needs no choice, until someone must choose or the fight ends. */
export function advance(state: FightState, events: EventLog): void {
  for (let guard = 0; guard < 1000; guard++) {
    if (checkEnd(state, events)) return;
    const top = topStep(state);
    if (top !== undefined) {
      if (!closeStepIfSettled(state, top, events)) return;
      continue;
    }
    if (state.turn.kind === 'action') {
      closeFinishedTurns(state);
      if (!Object.values(state.turn.heroes).every((own) => own.done)) return;
      if (state.rules.mode === 'brawl') startActionTurn(state, events);
      else startReactionTurn(state, events);
      continue;
    }
    const turn = state.turn;
    if (turn.phase === 'declare') return;
    if (turn.phase === 'rolling') {
      if (heroesStillToReact(state).length > 0) return;
      startSpending(state);
      continue;
    }
    if (turn.phase === 'spending') {
      turn.phase = 'resolved';
      resolveReaction(state, events);
      continue;
    }
    if (nextEnemyOrDone(state, events)) startActionTurn(state, events);
  }
  throw new Error('the fight did not settle: a bug in the turn sequence');
}

/** Steps that need no choice any more close by themselves; true when one did. */
function closeStepIfSettled(
  state: FightState,
  top: NonNullable<ReturnType<typeof topStep>>,
  events: EventLog,
): boolean {
  switch (top.kind) {
    case 'roll': {
      const hero = findHero(state, top.rolling.hero)!;
      if (rerollsAllowed(top.rolling.roll, hero.freeRerolls).length > 0) return false;
      state.steps.pop();
      finishRoll(state, top.rolling, events);
      return true;
    }
    case 'spend-extras': {
      const hero = findHero(state, top.hero)!;
      const settled =
        hero.status !== 'fighting' ||
        (top.spent && (state.turn.kind === 'action' || extraActionsLeft(hero) === 0));
      if (!settled) return false;
      state.steps.pop();
      return true;
    }
    case 'save-from-death': {
      if (friendsStillAsked(state, top).length > 0) return false;
      state.steps.pop();
      leaveForDead(findHero(state, top.hero)!, events);
      return true;
    }
    case 'set-difficulty':
    case 'declare-reaction':
      return false;
    case 'bad-luck': {
      const hero = findHero(state, top.hero)!;
      const weapon = hero.weapons[top.weapon]!;
      if ((hero.mags[weapon.kind] ?? 0) > 0) return false;
      state.steps.pop();
      return true;
    }
  }
}
