import {
  clonePlain,
  interruptWindow,
  mustAct,
  type Outcome,
  type Prompt,
  type RandomState,
  type Result,
  type Ruleset,
  randomInt,
  redealGenerator,
  reject,
  rejectMalformed,
  type Seat,
  winnerScores,
} from '@tabletop/engine';
import { type RerollKind, rerollsAllowed } from '../dice/reroll.js';
import {
  attack,
  collateralAction,
  coolAction,
  coveringFire,
  endTurn,
  fullAction,
  heroActionTurn,
  quickAction,
  setDifficulty,
} from './action-turn.js';
import { type FightAction, fightActionSchema } from './actions.js';
import { describeFight } from './describe.js';
import type { EventLog } from './events.js';
import { say } from './events.js';
import { checkAllocation, spendExtras } from './extra-successes.js';
import { friendsStillAsked, letFateDecide, spendSpotlight } from './grit.js';
import { type Hero, lapseExtraActions } from './heroes.js';
import { candidateActions } from './legal-actions.js';
import { loseSpareMags } from './mags.js';
import { type FightOptions, fightOptionsSchema, initialState } from './options.js';
import { declareReaction, heroesStillToReact, rollReaction } from './reaction-turn.js';
import { type Refusal, refusal } from './refusal.js';
import { applyRerollStep } from './rolling.js';
import { directorSeat, type FightState, findHero, topStep } from './state.js';
import { advance, finishRoll, openFight } from './turns.js';
import { type FightView, viewOf } from './view.js';

function directorAction(state: FightState, action: FightAction, events: EventLog): Refusal | null {
  const step = topStep(state);
  switch (action.type) {
    case 'declare-reaction':
      return declareReaction(state, action, events);
    case 'set-difficulty':
      return setDifficulty(state, action, events);
    case 'bad-luck': {
      if (step?.kind !== 'bad-luck')
        return refusal('not-now', 'no failure waits for a Bad Luck ruling');
      const hero = findHero(state, step.hero)!;
      const weapon = hero.weapons[step.weapon]!;
      const spare = hero.mags[weapon.kind] ?? 0;
      if (action.mags > spare)
        return refusal('too-many-mags', `${hero.name} has only ${spare} spare ${weapon.kind} mags`);
      state.steps.pop();
      if (action.mags === 0) say(events, 'no-bad-luck', `No Bad Luck for ${hero.name}`);
      else loseSpareMags(hero, weapon, action.mags, events);
      return null;
    }
    case 'interrupt':
      if (step?.kind !== 'declare-reaction')
        return refusal('not-now', 'the Director interrupts the fight when declaring a reaction');
      state.outcome = 'interrupted';
      say(events, 'interrupted', 'The Director interrupts the fight', { by: 'director' });
      return null;
    default:
      return refusal('not-for-director', `"${action.type}" is a Hero's action, not the Director's`);
  }
}

function heroAction(
  state: FightState,
  hero: Hero,
  action: FightAction,
  events: EventLog,
): Refusal | null {
  const step = topStep(state);
  switch (action.type) {
    case 'quick-action':
      return quickAction(state, hero, action, events);
    case 'full-action':
      return fullAction(state, hero, action, events);
    case 'cool-action':
      return coolAction(state, hero, action, events);
    case 'attack':
      return attack(state, hero, action, events);
    case 'covering-fire':
      return coveringFire(state, hero, action, events);
    case 'collateral-action':
      return collateralAction(state, hero, action, events);
    case 'end-turn':
      return endTurn(state, hero, events);
    case 'roll-reaction':
      return rollReaction(state, hero, action, events);
    case 'reroll':
    case 'keep-roll': {
      if (step?.kind !== 'roll' || step.rolling.hero !== hero.seat)
        return refusal('not-now', `${hero.name} has no roll in hand`);
      if (action.type === 'keep-roll') {
        state.steps.pop();
        finishRoll(state, step.rolling, events);
        return null;
      }
      const allowed: RerollKind[] = rerollsAllowed(step.rolling.roll, hero.freeRerolls);
      if (!allowed.includes(action.kind)) {
        return refusal(
          'reroll-not-allowed',
          `${action.kind} is not allowed now (allowed: ${allowed.join(', ') || 'none'})`,
        );
      }
      applyRerollStep(state, hero, step.rolling, action.kind, events);
      return null;
    }
    case 'spend-extras': {
      if (step?.kind !== 'spend-extras' || step.hero !== hero.seat || step.spent)
        return refusal('not-now', `${hero.name} has no extra successes to spend`);
      const problem = checkAllocation(state, hero, step, action);
      if (problem) return problem;
      spendExtras(state, hero, step, action, events);
      return null;
    }
    case 'stop-spending': {
      if (step?.kind !== 'spend-extras' || step.hero !== hero.seat)
        return refusal('not-now', `${hero.name} has no extra actions to stop taking`);
      if (!step.spent)
        return refusal('not-now', `${hero.name} first says how the extra successes are spent`);
      state.steps.pop();
      if (state.turn.kind === 'reaction') lapseExtraActions(hero);
      return null;
    }
    case 'spend-spotlight':
    case 'let-fate-decide': {
      if (step?.kind !== 'save-from-death' || !friendsStillAsked(state, step).includes(hero.seat)) {
        return refusal('not-now', `nobody waits on ${hero.name}'s Spotlight`);
      }
      if (action.type === 'spend-spotlight') spendSpotlight(state, hero, step, events);
      else letFateDecide(state, hero, step, events);
      return null;
    }
    default:
      return refusal('not-for-heroes', `"${action.type}" is the Director's decision`);
  }
}

type Attempt = { ok: true; after: FightState; events: EventLog } | (Outcome & { ok: false });

/**
 * Works an action out on a copy of the state, which is left as it was: the
 * copy and the events when accepted, so a refusal can never leave a
 * half-changed state.
 */
function attemptFightAction(state: FightState, seat: Seat, input: unknown): Attempt {
  const parsed = fightActionSchema.safeParse(input);
  if (!parsed.success) return rejectMalformed(parsed.error);
  if (state.outcome !== null) return reject('fight-over', 'the fight is over');
  const work = clonePlain(state);
  const events: EventLog = [];
  let problem: Refusal | null;
  if (seat === directorSeat) {
    problem = directorAction(work, parsed.data, events);
  } else {
    const hero = findHero(work, seat);
    if (hero === undefined)
      return reject('unknown-seat', `there is no seat "${String(seat)}" in this fight`);
    if (hero.status !== 'fighting' && parsed.data.type !== 'spend-spotlight') {
      return reject('left-for-dead', `${hero.name} is Left for Dead and out of the fight`);
    }
    problem = heroAction(work, hero, parsed.data, events);
  }
  if (problem) return { ok: false, rejection: problem };
  advance(work, events);
  return { ok: true, after: work, events };
}

/** Applies an action: the worked-out copy replaces the state only when accepted. */
function applyFightAction(state: FightState, seat: Seat, input: unknown): Outcome {
  const attempt = attemptFightAction(state, seat, input);
  if (!attempt.ok) return attempt;
  Object.assign(state, attempt.after);
  return { ok: true, events: attempt.events };
}

function fightPrompts(state: FightState): Prompt<FightAction>[] {
  if (state.outcome !== null) return [];
  const step = topStep(state);
  if (step !== undefined) {
    switch (step.kind) {
      case 'declare-reaction':
        return [
          mustAct(
            directorSeat,
            'declare-reaction',
            "State the Enemies' action and the Reaction Roll",
          ),
        ];
      case 'set-difficulty':
        return [
          mustAct(directorSeat, 'set-difficulty', 'Set the difficulty of the collateral action'),
        ];
      case 'bad-luck':
        return [
          mustAct(directorSeat, 'bad-luck', 'A failed shot: rule Bad Luck (mags lost), or none'),
        ];
      case 'roll':
        return [
          mustAct(
            step.rolling.hero,
            'roll-decision',
            'Re-roll, Free Re-roll, All In, or keep the roll',
          ),
        ];
      case 'spend-extras':
        return [
          step.spent
            ? mustAct(step.hero, 'extra-actions', 'Take the extra actions bought, or stop')
            : mustAct(step.hero, 'spend-extras', 'Spend the extra successes'),
        ];
      case 'save-from-death':
        return [
          interruptWindow(
            friendsStillAsked(state, step),
            'save-from-death',
            'Spend a Spotlight to save a friend from death?',
          ),
        ];
    }
  }
  if (state.turn.kind === 'action') {
    return state.heroes
      .filter((hero) => heroActionTurn(state, hero) !== undefined)
      .map((hero) => mustAct(hero.seat, 'action-turn', 'Quick Action and Action Roll'));
  }
  return heroesStillToReact(state).map((seat) =>
    mustAct(seat, 'reaction-roll', 'Make your Reaction Roll'),
  );
}

function fightLegalActions(state: FightState, seat: Seat): FightAction[] {
  if (state.outcome !== null) return [];
  if (!fightPrompts(state).some((prompt) => prompt.seats.includes(seat))) return [];
  // Each candidate is worked out as apply would: what is listed is exactly what apply accepts.
  return candidateActions(state, seat).filter(
    (action) => attemptFightAction(state, seat, action).ok,
  );
}

/** Winners score 1, everyone else 0; an interrupted fight has no winner. */
function fightResult(state: FightState): Result | null {
  if (state.outcome === null) return null;
  const result = (winners: Seat[], summary: string): Result => ({
    winners,
    summary,
    scores: winnerScores([directorSeat, ...state.heroes.map((hero) => hero.seat)], winners),
  });
  switch (state.outcome) {
    case 'heroes':
      return result(
        state.heroes.map((hero) => hero.seat),
        'the Heroes defeat the Enemies',
      );
    case 'enemies':
      return result([directorSeat], 'every Hero is Left for Dead');
    case 'interrupted':
      return result([], `the fight is interrupted in round ${state.round}`);
  }
}

export const outgunnedFight: Ruleset<FightState, FightAction, FightView, FightOptions> = {
  id: 'outgunned',
  version: '1',
  options: fightOptionsSchema,
  action: fightActionSchema,
  setup(options, seed, generator) {
    const state = initialState(options, seed, generator);
    openFight(state, options.scene.starts, []);
    return state;
  },
  seats: (state) => [directorSeat, ...state.heroes.map((hero) => hero.seat)],
  prompts: fightPrompts,
  legalActions: fightLegalActions,
  apply: applyFightAction,
  view: viewOf,
  result: fightResult,
  describe: describeFight,
  determinize(state, seat, random) {
    const copy = clonePlain(state);
    redealFight(copy, seat, random);
    return copy;
  },
};

/**
 * For the no-leak check: re-deal what `viewer` cannot see. Nobody sees the
 * generator or stacked dice; with hidden Enemy Grit, Heroes and spectators
 * do not see the Enemies' Grit or the Director's Adrenaline either.
 */
export function redealFight(
  state: FightState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  redealGenerator(state.random, random);
  // How many dice are stacked is hidden too: the copy always holds one, so a view showing them differs.
  state.stackedDice = [randomInt(random, 1, 6)];
  if (state.rules.hideEnemyGrit && viewer !== directorSeat) {
    for (const enemy of state.enemies) {
      if (!enemy.defeated) enemy.lost = randomInt(random, 0, enemy.grit - 1);
    }
    state.director.adrenaline = randomInt(random, 0, 9);
  }
}
