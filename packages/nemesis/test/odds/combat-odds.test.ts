import { binomialTwoSidedTail, fourSigmaTail } from '@tabletop/engine';
import type { CombatFace } from '@tabletop/nemesis';
import {
  attackDeckWith,
  baseContent,
  combatOdds,
  createNemesis,
  type IntruderKind,
} from '@tabletop/nemesis';
import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

/*
 * The brute force drives the real rules: for every face of the Combat die and
 * every order in which the death check can draw its cards, a scenario stacks
 * them, the character shoots or strikes, and what the table shows is read
 * back (the Intruder dead, retreating or still there; a Serious Wound; the
 * Injuries dealt; Fire). A weapon that lets the shooter roll again is played
 * both ways after each first face, over every second face, and the better
 * way is kept, as a shooter who knows the odds would; the Prototype Rifle's
 * extra ammo is always spent. The Monte Carlo run lets the engine roll and
 * draw for itself.
 */
const pack = baseContent();
const ruleset = createNemesis(pack);
const tables = ruleset.tables;
const allCards = [...tables.attackCards.keys()];

type Outcome = 'dead' | 'retreats' | 'stays';
interface Observed {
  outcome: Outcome;
  seriousWound: boolean;
  injuries: number;
  fire: boolean;
}

interface Case {
  how: 'shoot' | 'melee';
  kind: IntruderKind;
  injuries: number;
  discard: string[];
  weapon?: string;
  /** Ammo on the weapon before the shot (default: full). */
  ammo?: number;
}

const weaponOf = (entry: Pick<Case, 'weapon'>) => entry.weapon ?? 'shotgun';

function table(entry: Case, seed: string): ReturnType<typeof scenario> {
  const weapon = weaponOf(entry);
  const ammo = entry.ammo ?? tables.weapons.get(weapon)!.capacity;
  return scenario({ players: 2, seed })
    .explored(6, 8)
    .character('1', { room: 8 })
    .character('0', { weapons: [{ id: weapon, ammo }] })
    .intruder(entry.kind, 11, { injuries: entry.injuries })
    .with((state) => {
      const deck = state.attackDeck;
      deck.drawPile = deck.drawPile.filter((card) => !entry.discard.includes(card));
      deck.top = deck.top.filter((card) => !entry.discard.includes(card));
      deck.discardPile = [...entry.discard];
    });
}

/** The shot waiting on the shooter's choice, if any. */
function waitingShot(built: ScenarioTable) {
  const top = built.state.stack.at(-1);
  return top?.kind === 'shoot' && top.asking !== undefined ? top : null;
}

/**
 * Attacks; a shot that asks is answered: `reroll` says whether to roll
 * again (absent: the engine rolls its own choice away, as a random shooter
 * might), and the Prototype Rifle's overcharge is always taken.
 */
function attack(built: ScenarioTable, entry: Case, reroll?: boolean): Observed {
  const card = built.player('0').hand[0]!;
  if (entry.how === 'shoot')
    built.take('0', { type: 'shoot', weapon: weaponOf(entry), target: 1, cards: [card] });
  else built.take('0', { type: 'melee', target: 1, cards: [card] });
  for (let shot = waitingShot(built); shot; shot = waitingShot(built)) {
    const taking = shot.asking === 'overcharge' || reroll === true;
    built.act('0', taking ? { type: 'option', option: 0 } : { type: 'done' });
  }
  const outcome: Outcome =
    built.eventsOf('intruder-dies').length > 0
      ? 'dead'
      : built.eventsOf('intruder-retreats').length > 0
        ? 'retreats'
        : 'stays';
  const blow = built.eventsOf(entry.how).at(-1) as { injuries?: number } | undefined;
  return {
    outcome,
    seriousWound: built.player('0').seriousWounds.length > 0,
    injuries: blow?.injuries ?? 0,
    fire: built.room(11).fire,
  };
}

/** Every ordered draw of `count` cards from `pile`, each with its chance. */
function orderedDraws(pile: readonly string[], count: number): { cards: string[]; p: number }[] {
  if (count === 0) return [{ cards: [], p: 1 }];
  return pile.flatMap((card, index) =>
    orderedDraws([...pile.slice(0, index), ...pile.slice(index + 1)], count - 1).map((rest) => ({
      cards: [card, ...rest.cards],
      p: rest.p / pile.length,
    })),
  );
}

interface Totals {
  dead: number;
  retreats: number;
  stays: number;
  serious: number;
  injuries: number;
  fire: number;
}

const noTotals = (): Totals => ({
  dead: 0,
  retreats: 0,
  stays: 0,
  serious: 0,
  injuries: 0,
  fire: 0,
});

/** Every card order after the die shows `faces` in turn, each played on the real rules. */
function playedOver(entry: Case, faces: string[], reroll: boolean): Totals {
  const pile = allCards.filter((card) => !entry.discard.includes(card));
  const cards = tables.intruderKinds.get(entry.kind)!.deathCards;
  const totals = noTotals();
  for (const draw of orderedDraws(pile, cards)) {
    const built = table(entry, 'brute')
      .stackCombat(faces as CombatFace[])
      .stackAttackCards(draw.cards)
      .build();
    const seen = attack(built, entry, reroll);
    totals[seen.outcome] += draw.p;
    if (seen.seriousWound) totals.serious += draw.p;
    if (seen.fire) totals.fire += draw.p;
    totals.injuries += seen.injuries * draw.p;
  }
  return totals;
}

function addInto(sum: Totals, part: Totals, weight: number): void {
  for (const key of Object.keys(sum) as (keyof Totals)[]) sum[key] += part[key] * weight;
}

/** Rolling again beats keeping: a better chance to kill, then more Injuries. */
function rerollBetter(again: Totals, keep: Totals): boolean {
  if (Math.abs(again.dead - keep.dead) > 1e-12) return again.dead > keep.dead;
  return again.injuries > keep.injuries + 1e-12;
}

function bruteForce(entry: Case): Totals {
  const faces = tables.combatFaces;
  const rerolls =
    entry.how === 'shoot'
      ? tables.weapons.get(weaponOf(entry))!.rules.filter((rule) => rule.kind === 'combat-reroll')
          .length
      : 0;
  const totals = noTotals();
  for (const first of faces) {
    const keep = playedOver(entry, [first], false);
    let best = keep;
    if (rerolls > 0) {
      const again = noTotals();
      for (const second of faces)
        addInto(again, playedOver(entry, [first, second], true), 1 / faces.length);
      if (rerollBetter(again, keep)) best = again;
    }
    addInto(totals, best, 1 / faces.length);
  }
  return totals;
}

const cases: Case[] = [
  { how: 'shoot', kind: 'larva', injuries: 0, discard: [] },
  { how: 'shoot', kind: 'creeper', injuries: 1, discard: [] },
  { how: 'shoot', kind: 'adult', injuries: 2, discard: [] },
  { how: 'melee', kind: 'adult', injuries: 3, discard: ['bite-1', 'bite-2', 'scratch-1'] },
  { how: 'shoot', kind: 'breeder', injuries: 3, discard: allCards.slice(0, 14) },
  { how: 'melee', kind: 'queen', injuries: 4, discard: allCards.slice(4, 18) },
  // The weapons' own rules; each death-check pile is cut short so the brute force stays quick.
  {
    how: 'shoot',
    kind: 'adult',
    injuries: 1,
    discard: allCards.slice(0, 10),
    weapon: 'prototype-shotgun',
  },
  {
    how: 'shoot',
    kind: 'breeder',
    injuries: 2,
    discard: allCards.slice(2, 16),
    weapon: 'sawed-off',
  },
  { how: 'shoot', kind: 'adult', injuries: 1, discard: allCards.slice(5, 15), weapon: 'pistol' },
  {
    how: 'shoot',
    kind: 'adult',
    injuries: 0,
    discard: allCards.slice(10, 20),
    weapon: 'six-shooter',
  },
  {
    how: 'shoot',
    kind: 'breeder',
    injuries: 1,
    discard: allCards.slice(0, 14),
    weapon: 'flamethrower',
  },
  {
    how: 'shoot',
    kind: 'adult',
    injuries: 2,
    discard: allCards.slice(0, 13),
    weapon: 'prototype-pistol',
  },
  {
    how: 'shoot',
    kind: 'creeper',
    injuries: 0,
    discard: allCards.slice(7, 20),
    weapon: 'prototype-pistol',
  },
  {
    how: 'shoot',
    kind: 'queen',
    injuries: 3,
    discard: allCards.slice(6, 20),
    weapon: 'prototype-rifle',
  },
  {
    how: 'shoot',
    kind: 'adult',
    injuries: 1,
    discard: allCards.slice(3, 13),
    weapon: 'prototype-rifle',
    ammo: 1,
  },
];

function exactFor(entry: Case) {
  return combatOdds(pack, tables, {
    attack: entry.how,
    weapon: weaponOf(entry),
    kind: entry.kind,
    injuries: entry.injuries,
    deck: attackDeckWith(tables, entry.discard),
    ...(entry.ammo === undefined ? {} : { ammo: entry.ammo }),
  });
}

const caseName = (entry: Case) =>
  `${entry.how} a ${entry.kind} with ${entry.injuries} injuries, ${entry.discard.length} cards discarded${entry.how === 'shoot' ? `, with the ${weaponOf(entry)}${entry.ammo === undefined ? '' : ` holding ${entry.ammo} ammo`}` : ''}`;

describe('Shoot and Melee odds: dead, retreats, stays, and the Serious Wound of a melee miss', () => {
  for (const entry of cases) {
    it(`equal the real rules played over every die face and card order: ${caseName(entry)}`, () => {
      const exact = exactFor(entry);
      const brute = bruteForce(entry);
      expect(exact.p_dead).toBeCloseTo(brute.dead, 12);
      expect(exact.p_retreats).toBeCloseTo(brute.retreats, 12);
      expect(exact.p_stays).toBeCloseTo(brute.stays, 12);
      expect(exact.p_serious_wound).toBeCloseTo(brute.serious, 12);
      expect(exact.p_fire).toBeCloseTo(brute.fire, 12);
      const expected = exact.faces.reduce((sum, face) => sum + face.p * face.injuries, 0);
      expect(expected).toBeCloseTo(brute.injuries, 12);
    });
  }

  it('an unknown discard pile counts every card as still in the deck', () => {
    const unknown = combatOdds(pack, tables, {
      attack: 'shoot',
      weapon: 'shotgun',
      kind: 'adult',
      injuries: 2,
      deck: attackDeckWith(tables, null),
    });
    expect(unknown.p_dead).toBe(exactFor(cases[2]!).p_dead);
  });

  it('agree with the engine rolling and drawing for itself within 4 sigma', () => {
    const samples = 1500;
    for (const entry of [cases[2]!, cases[3]!, cases[4]!]) {
      const exact = exactFor(entry);
      const counts = { dead: 0, retreats: 0, stays: 0, serious: 0 };
      for (let sample = 0; sample < samples; sample++) {
        const built = table(entry, `mc:${sample}`)
          .with((state) => {
            // The scenario's own seed shuffles the piles again, so every sample starts fresh.
            state.attackDeck.drawPile.push(...state.attackDeck.top);
            state.attackDeck.top = [];
          })
          .build();
        const seen = attack(built, entry);
        counts[seen.outcome]++;
        if (seen.seriousWound) counts.serious++;
      }
      for (const [name, p, count] of [
        ['dead', exact.p_dead, counts.dead],
        ['retreats', exact.p_retreats, counts.retreats],
        ['stays', exact.p_stays, counts.stays],
        ['serious wound', exact.p_serious_wound, counts.serious],
      ] as const) {
        expect(
          binomialTwoSidedTail(samples, p, count),
          `${entry.how} ${entry.kind} ${name}: ${count} in ${samples} against ${p}`,
        ).toBeGreaterThanOrEqual(fourSigmaTail);
      }
    }
  });
});

describe('Shoot odds with a weapon’s rules as its card states them', () => {
  const injuriesByFace = (weapon: string, kind: IntruderKind) =>
    Object.fromEntries(
      combatOdds(pack, tables, {
        attack: 'shoot',
        weapon,
        kind,
        injuries: 0,
        deck: attackDeckWith(tables, null),
        weaponRules: 'card',
      }).faces.map((face) => [face.face, face.injuries]),
    );

  it('the Shotgun adds an Injury to every hit', () => {
    expect(injuriesByFace('shotgun', 'adult')).toEqual({
      blank: 0,
      creeper: 0,
      adult: 2,
      single: 2,
      double: 3,
    });
  });

  it('the Sawed-off Shotgun reads one crosshair as two', () => {
    expect(injuriesByFace('sawed-off', 'breeder')).toMatchObject({ single: 2, double: 2 });
  });

  it('the Revolver adds an Injury on two crosshairs only', () => {
    expect(injuriesByFace('six-shooter', 'queen')).toMatchObject({ single: 1, double: 3 });
  });

  const odds = (weapon: string, kind: IntruderKind, more: { ammo?: number } = {}) =>
    combatOdds(pack, tables, {
      attack: 'shoot',
      weapon,
      kind,
      injuries: 0,
      deck: attackDeckWith(tables, null),
      ...more,
    });

  it('the Prototype Pistol rolls a miss again once', () => {
    // Against a Larva only the blank misses: a blank twice running is 1 in 36.
    const faces = tables.combatFaces.length;
    expect(odds('prototype-pistol', 'larva').p_hit).toBeCloseTo(1 - 1 / faces ** 2, 12);
  });

  it('the Prototype Pistol’s re-roll is taken where rolling again gives a better chance to kill', () => {
    // One Injury cannot kill a fresh Adult (no card shows blood under 2), so the
    // best shooter rolls a single crosshair again, hoping for two.
    const pistol = odds('prototype-pistol', 'adult');
    const plain = odds('energy-rifle', 'adult');
    expect(pistol.p_dead).toBeGreaterThan(plain.p_dead);
    const single = (shot: typeof pistol) =>
      shot.faces.filter((face) => face.face === 'single').reduce((sum, face) => sum + face.p, 0);
    expect(single(pistol)).toBeLessThan(single(plain));
  });

  it('the Flamethrower sets the room on fire on two crosshairs', () => {
    const faces = tables.combatFaces;
    const doubles = faces.filter((face) => face === 'double').length;
    expect(odds('flamethrower', 'breeder').p_fire).toBeCloseTo(doubles / faces.length, 12);
    expect(odds('shotgun', 'breeder').p_fire).toBe(0);
  });

  it('the Prototype Rifle’s extra ammo on a double counts only if the weapon holds one more', () => {
    const double = (shot: ReturnType<typeof odds>) =>
      shot.faces.find((face) => face.face === 'double')!.injuries;
    expect(double(odds('prototype-rifle', 'queen'))).toBe(3);
    expect(double(odds('prototype-rifle', 'queen', { ammo: 1 }))).toBe(2);
  });

  it('the engine counts every rule of every weapon, so both modes agree and nothing is left out', () => {
    for (const weapon of tables.weapons.keys()) {
      const engine = odds(weapon, 'adult');
      const card = combatOdds(pack, tables, {
        attack: 'shoot',
        weapon,
        kind: 'adult',
        injuries: 0,
        deck: attackDeckWith(tables, null),
        weaponRules: 'card',
      });
      expect(engine.weapon_rules_left_out, weapon).toEqual([]);
      expect(engine.p_dead, weapon).toBe(card.p_dead);
    }
  });

  it('a weapon, kind, card or injury count that does not exist is refused, naming it', () => {
    const deck = attackDeckWith(tables, null);
    const base = { attack: 'shoot' as const, kind: 'adult' as IntruderKind, injuries: 0, deck };
    expect(() => combatOdds(pack, tables, { ...base, weapon: 'laser' })).toThrow(/laser/);
    expect(() =>
      combatOdds(pack, tables, { ...base, weapon: 'shotgun', kind: 'dragon' as IntruderKind }),
    ).toThrow(/dragon/);
    expect(() => combatOdds(pack, tables, { ...base, weapon: 'shotgun', injuries: -1 })).toThrow(
      /injuries/,
    );
    expect(() => combatOdds(pack, tables, { ...base, weapon: 'shotgun', ammo: 0 })).toThrow(/ammo/);
    expect(() => attackDeckWith(tables, ['bite-9'])).toThrow(/bite-9/);
  });
});
