import { largestPool, smallestPool } from '../dice/pool.js';
import {
  conditions,
  gritBoxes,
  maxAdrenaline,
  maxSpareMagsPerWeapon,
  maxSpotlight,
} from './heroes.js';
import { type FightState, findEnemy, findHero } from './state.js';
import { usesMags } from './weapons.js';

/**
 * What must hold after every action of a fight, whatever was played: each
 * broken one is a line saying what is wrong. Simulations and the
 * conformance playouts check it after each action.
 */
export function fightInvariants(state: FightState): string[] {
  const problems: string[] = [];
  const within = (what: string, value: number, low: number, high: number) => {
    if (!Number.isInteger(value) || value < low || value > high)
      problems.push(`${what} is ${value}, outside ${low} to ${high}`);
  };
  for (const hero of state.heroes) {
    within(`${hero.name}'s Grit filled`, hero.grit, 0, gritBoxes);
    within(`${hero.name}'s Adrenaline`, hero.adrenaline, 0, maxAdrenaline);
    within(`${hero.name}'s Spotlight`, hero.spotlight, 0, maxSpotlight);
    within(`${hero.name}'s lethal bullets`, hero.lethalBullets, 0, 6);
    within(`${hero.name}'s Cash`, hero.cash, 0, 999);
    within(`${hero.name}'s Free Re-rolls`, hero.freeRerolls, 0, 9);
    within(`${hero.name}'s Covering Fire bonus`, hero.coveringFire, 0, 6);
    if (new Set(hero.conditions).size !== hero.conditions.length)
      problems.push(`${hero.name} has a Condition twice`);
    if (hero.conditions.some((condition) => !conditions.includes(condition)))
      problems.push(`${hero.name} has an unknown Condition`);
    for (const [kind, count] of Object.entries(hero.mags)) {
      const weapons = hero.weapons.filter((weapon) => weapon.kind === kind).length;
      within(`${hero.name}'s spare ${kind} mags`, count ?? 0, 0, maxSpareMagsPerWeapon * weapons);
    }
    for (const weapon of hero.weapons) {
      if (!usesMags(weapon.kind) && !weapon.loaded)
        problems.push(`${hero.name}'s ${weapon.name} takes no mags but is empty`);
    }
    for (const [kind, count] of Object.entries(hero.extraActions))
      within(`${hero.name}'s extra ${kind} actions`, count, 0, 81);
    for (const enemy of state.enemies) {
      if (hero.ranges[enemy.id] === undefined)
        problems.push(`${hero.name} has no range band to ${enemy.name}`);
    }
    if (hero.status === 'left-for-dead' && hero.cover !== 'none')
      problems.push(`${hero.name} is Left for Dead but still in cover`);
  }
  for (const enemy of state.enemies) {
    within(`${enemy.name}'s Grit lost`, enemy.lost, 0, enemy.grit);
    if (enemy.defeated !== enemy.lost >= enemy.grit)
      problems.push(
        `${enemy.name} is ${enemy.defeated ? '' : 'not '}defeated with ${enemy.lost} of ${enemy.grit} Grit lost`,
      );
  }
  within("the Director's Adrenaline", state.director.adrenaline, 0, 1000);
  within('the round', state.round, 0, state.rules.maxRounds);
  problems.push(...turnProblems(state), ...stepProblems(state), ...outcomeProblems(state));
  return problems;
}

/** One active turn: an Action Turn for fighting Heroes only, or one Enemy's Reaction Turn. */
function turnProblems(state: FightState): string[] {
  const problems: string[] = [];
  const turn = state.turn;
  if (turn.kind === 'action') {
    for (const seat of Object.keys(turn.heroes)) {
      const hero = findHero(state, seat);
      if (hero === undefined) problems.push(`the Action Turn lists "${seat}", who is not a Hero`);
    }
    return problems;
  }
  if (state.rules.mode === 'brawl') problems.push('a Brawl has a Reaction Turn');
  const enemy = findEnemy(state, turn.enemy);
  if (enemy === undefined)
    problems.push(`the Reaction Turn is for an unknown Enemy "${turn.enemy}"`);
  if (turn.queue.includes(turn.enemy))
    problems.push(`${turn.enemy} acts twice in one Reaction Turn`);
  if (turn.phase !== 'declare' && turn.plans === null)
    problems.push(`the Reaction Turn is ${turn.phase} with no reaction declared`);
  for (const seat of Object.keys(turn.results)) {
    if (turn.plans?.[seat] === undefined)
      problems.push(`${seat} rolled a reaction nobody asked for`);
  }
  return problems;
}

function stepProblems(state: FightState): string[] {
  const problems: string[] = [];
  const rolls = state.steps.filter((step) => step.kind === 'roll');
  if (rolls.length > 1) problems.push(`${rolls.length} rolls are in hand at once`);
  for (const step of state.steps) {
    if (step.kind === 'roll') {
      const dice = step.rolling.roll.dice;
      within(
        problems,
        `the pool of ${step.rolling.hero}'s roll`,
        step.rolling.pool,
        smallestPool,
        largestPool + 1,
      );
      if (dice.some((die) => !Number.isInteger(die) || die < 1 || die > 6))
        problems.push(`a roll shows a face that is not 1 to 6: ${dice.join(' ')}`);
      if (dice.length + step.rolling.roll.setAside.length !== step.rolling.pool)
        problems.push(
          `a roll of ${step.rolling.pool} dice shows ${dice.length + step.rolling.roll.setAside.length}`,
        );
    }
    if (step.kind === 'spend-extras' && step.units < 0)
      problems.push(`${step.hero} has ${step.units} extra units to spend`);
    if ('hero' in step && findHero(state, step.hero) === undefined)
      problems.push(`a ${step.kind} step waits on "${step.hero}", who is not a Hero`);
  }
  return problems;
}

function within(problems: string[], what: string, value: number, low: number, high: number): void {
  if (value < low || value > high) problems.push(`${what} is ${value}, outside ${low} to ${high}`);
}

/** The outcome agrees with the tracks, and an unfinished fight always waits on someone. */
function outcomeProblems(state: FightState): string[] {
  const problems: string[] = [];
  const allDefeated = state.enemies.every((enemy) => enemy.defeated);
  const allDown = state.heroes.every((hero) => hero.status !== 'fighting');
  if (state.outcome === 'heroes' && !allDefeated)
    problems.push('the Heroes won with an Enemy standing');
  if (state.outcome === 'enemies' && !allDown)
    problems.push('the Enemies won with a Hero fighting');
  if (state.outcome === null && allDefeated)
    problems.push('every Enemy is defeated but the fight goes on');
  if (state.outcome === null && state.steps.length === 0 && state.turn.kind === 'action') {
    const waiting = Object.entries(state.turn.heroes).some(
      ([seat, own]) => !own.done && findHero(state, seat)?.status === 'fighting',
    );
    if (!waiting) problems.push('the Action Turn waits on nobody');
  }
  return problems;
}
