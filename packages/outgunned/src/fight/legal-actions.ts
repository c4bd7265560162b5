import { type FightAction, quickActionKinds } from './actions.js';
import { allocationCandidates } from './extra-successes.js';
import { type Attribute, attributes, type Hero } from './heroes.js';
import { beyondReach, exampleReactions } from './reaction-turn.js';
import { directorSeat, type FightState, findEnemy, findHero, topStep } from './state.js';
import { isFirearm, usualSkill } from './weapons.js';

/**
 * Candidate actions of a seat, a bounded list that covers every kind of
 * decision, the likeliest first (attack, keep the roll, hurt the Enemy) so
 * that a menu's first choice moves the fight on; the ruleset keeps those
 * that apply accepts. Free choices (any
 * Attribute with any Skill) are offered in a few sensible pairings; apply
 * accepts any other.
 */
export function candidateActions(state: FightState, seat: string): FightAction[] {
  return seat === directorSeat ? directorCandidates(state) : heroCandidates(state, seat);
}

const difficultiesToSet: FightAction[] = [
  { type: 'set-difficulty', tier: 'basic', double: false },
  { type: 'set-difficulty', tier: 'basic', double: true },
  { type: 'set-difficulty', tier: 'critical', double: false },
  { type: 'set-difficulty', tier: 'critical', double: true },
  { type: 'set-difficulty', tier: 'extreme', double: false },
  { type: 'set-difficulty', tier: 'extreme', double: true },
  { type: 'set-difficulty', tier: 'impossible', double: false },
];

function directorCandidates(state: FightState): FightAction[] {
  const step = topStep(state);
  if (step?.kind === 'set-difficulty') return difficultiesToSet;
  if (step?.kind === 'bad-luck')
    return [
      { type: 'bad-luck', mags: 0 },
      { type: 'bad-luck', mags: 1 },
    ];
  if (step?.kind !== 'declare-reaction') return [];
  const enemy = findEnemy(state, step.enemy)!;
  const fighting = state.heroes.filter((hero) => hero.status === 'fighting');
  const outOfReach = fighting.filter((hero) => beyondReach(hero, enemy)).map((hero) => hero.seat);
  const actions: FightAction[] = exampleReactions.map((_, index) => ({
    type: 'declare-reaction',
    reaction: index + 1,
  }));
  actions.push({ type: 'declare-reaction', reaction: 'random' });
  if (outOfReach.length > 0)
    actions.push({ type: 'declare-reaction', reaction: 'random', autoPass: outOfReach });
  if (fighting.length > 1) {
    const perHero = Object.fromEntries(
      fighting.map((hero, index) => {
        const example = exampleReactions[index % exampleReactions.length]!;
        return [hero.seat, { attribute: example.attribute, skill: example.skill }];
      }),
    );
    actions.push({ type: 'declare-reaction', reaction: 'random', perHero });
  }
  // The Enemies close in on everyone, or fall back to Medium range.
  actions.push({
    type: 'declare-reaction',
    reaction: 2,
    ranges: Object.fromEntries(fighting.map((hero) => [hero.seat, 'close'])),
  });
  actions.push({
    type: 'declare-reaction',
    reaction: 2,
    ranges: Object.fromEntries(fighting.map((hero) => [hero.seat, 'medium'])),
  });
  actions.push({ type: 'interrupt' });
  return actions;
}

/** A roll with nothing spent on it. */
const plainRoll = { adrenaline: 0, allOut: false, spotlight: false };

/** The Attribute the Hero is best at, for offering attacks beyond the usual pairing. */
function bestAttribute(hero: Hero): (typeof attributes)[number] {
  let best: Attribute = attributes[0];
  for (const attribute of attributes)
    if (hero.attributes[attribute] > hero.attributes[best]) best = attribute;
  return best;
}

function heroCandidates(state: FightState, seat: string): FightAction[] {
  const hero = findHero(state, seat);
  if (hero === undefined) return [];
  const step = topStep(state);
  const friends = state.heroes.filter((friend) => friend !== hero).map((friend) => friend.seat);
  const actions: FightAction[] = [];
  if (step?.kind === 'roll') {
    return [
      { type: 'keep-roll' },
      { type: 'reroll', kind: 'reroll' },
      { type: 'reroll', kind: 'free-reroll' },
      { type: 'reroll', kind: 'all-in' },
    ];
  }
  if (step?.kind === 'save-from-death')
    return [{ type: 'spend-spotlight' }, { type: 'let-fate-decide' }];
  if (step?.kind === 'spend-extras' && !step.spent) return allocationCandidates(state, step);
  if (state.turn.kind === 'reaction' && step === undefined) {
    return [
      { type: 'roll-reaction', ...plainRoll },
      { type: 'roll-reaction', ...plainRoll, adrenaline: 1 },
      { type: 'roll-reaction', ...plainRoll, allOut: true },
      { type: 'roll-reaction', ...plainRoll, spotlight: true },
    ];
  }
  const enemies = state.enemies.filter((enemy) => !enemy.defeated);
  const best = bestAttribute(hero);
  for (const enemy of enemies) {
    hero.weapons.forEach((weapon, index) => {
      const skill = usualSkill(weapon.kind);
      const usual: Attribute = skill === 'shoot' ? 'nerves' : 'brawn';
      for (const attribute of new Set([usual, best])) {
        const attack = {
          type: 'attack',
          enemy: enemy.id,
          weapon: index,
          attribute,
          skill,
        } as const;
        for (const fullAuto of isFirearm(weapon.kind) ? [false, true] : [false]) {
          for (const adrenaline of [0, 1])
            actions.push({ ...attack, ...plainRoll, fullAuto, adrenaline });
        }
        actions.push({ ...attack, ...plainRoll, fullAuto: false, allOut: true });
        actions.push({ ...attack, ...plainRoll, fullAuto: false, spotlight: true });
      }
    });
  }
  for (const enemy of state.enemies.filter((one) => one.defeated && !one.magsTaken)) {
    for (let weapon = 0; weapon < hero.weapons.length; weapon++)
      actions.push({ type: 'quick-action', kind: 'take-mags', enemy: enemy.id, weapon });
  }
  for (const kind of quickActionKinds) {
    if (kind === 'take-mags') continue;
    if (kind === 'approach' || kind === 'withdraw') {
      for (const enemy of enemies) actions.push({ type: 'quick-action', kind, enemy: enemy.id });
    } else if (kind === 'reload' || kind === 'buy-mag') {
      for (let weapon = 0; weapon < hero.weapons.length; weapon++)
        actions.push({ type: 'quick-action', kind, weapon });
    } else if (kind === 'push-friend-into-cover') {
      for (const friend of friends) actions.push({ type: 'quick-action', kind, friend });
    } else {
      actions.push({ type: 'quick-action', kind });
    }
  }
  for (const enemy of enemies) {
    actions.push(
      { type: 'full-action', kind: 'approach', enemy: enemy.id },
      { type: 'full-action', kind: 'withdraw', enemy: enemy.id },
    );
  }
  actions.push({ type: 'full-action', kind: 'take-total-cover' });
  for (const friend of friends) {
    actions.push(
      { type: 'full-action', kind: 'push-friend-into-total-cover', friend },
      { type: 'cool-action', kind: 'reach-cover-with-friend', friend },
    );
  }
  for (let weapon = 0; weapon < hero.weapons.length; weapon++)
    actions.push({ type: 'covering-fire', weapon });
  actions.push({ type: 'collateral-action', attribute: 'focus', skill: 'fix', ...plainRoll });
  actions.push({ type: 'collateral-action', attribute: best, skill: 'stunt', ...plainRoll });
  actions.push({
    type: 'collateral-action',
    attribute: best,
    skill: 'stunt',
    ...plainRoll,
    allOut: true,
  });
  actions.push({ type: 'end-turn' }, { type: 'stop-spending' });
  return actions;
}
