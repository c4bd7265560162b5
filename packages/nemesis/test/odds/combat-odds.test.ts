import { binomialTwoSidedTail, fourSigmaTail } from '@tabletop/engine';
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
 * back (the Intruder dead, retreating or still there; a Serious Wound).
 * The Monte Carlo run lets the engine roll and draw for itself.
 */
const pack = baseContent();
const ruleset = createNemesis(pack);
const tables = ruleset.tables;
const allCards = [...tables.attackCards.keys()];

type Outcome = 'dead' | 'retreats' | 'stays';
interface Observed {
  outcome: Outcome;
  seriousWound: boolean;
}

function table(
  kind: IntruderKind,
  injuries: number,
  discard: readonly string[],
  seed: string,
): ReturnType<typeof scenario> {
  return scenario({ players: 2, seed })
    .explored(6, 8)
    .character('1', { room: 8 })
    .character('0', { weapons: [{ id: 'shotgun', ammo: 2 }] })
    .intruder(kind, 11, { injuries })
    .with((state) => {
      const deck = state.attackDeck;
      deck.drawPile = deck.drawPile.filter((card) => !discard.includes(card));
      deck.top = deck.top.filter((card) => !discard.includes(card));
      deck.discardPile = [...discard];
    });
}

function attack(built: ScenarioTable, how: 'shoot' | 'melee'): Observed {
  const card = built.player('0').hand[0]!;
  if (how === 'shoot')
    built.take('0', { type: 'shoot', weapon: 'shotgun', target: 1, cards: [card] });
  else built.take('0', { type: 'melee', target: 1, cards: [card] });
  const outcome: Outcome =
    built.eventsOf('intruder-dies').length > 0
      ? 'dead'
      : built.eventsOf('intruder-retreats').length > 0
        ? 'retreats'
        : 'stays';
  return { outcome, seriousWound: built.player('0').seriousWounds.length > 0 };
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

function bruteForce(
  how: 'shoot' | 'melee',
  kind: IntruderKind,
  injuries: number,
  discard: readonly string[],
) {
  const pile = allCards.filter((card) => !discard.includes(card));
  const cards = tables.intruderKinds.get(kind)!.deathCards;
  const totals = { dead: 0, retreats: 0, stays: 0, serious: 0 };
  for (const face of tables.combatFaces) {
    const draws = orderedDraws(pile, cards);
    for (const draw of draws) {
      const built = table(kind, injuries, discard, 'brute')
        .stackCombat([face])
        .stackAttackCards(draw.cards)
        .build();
      const seen = attack(built, how);
      const p = draw.p / tables.combatFaces.length;
      totals[seen.outcome] += p;
      if (seen.seriousWound) totals.serious += p;
    }
  }
  return totals;
}

const cases: { how: 'shoot' | 'melee'; kind: IntruderKind; injuries: number; discard: string[] }[] =
  [
    { how: 'shoot', kind: 'larva', injuries: 0, discard: [] },
    { how: 'shoot', kind: 'creeper', injuries: 1, discard: [] },
    { how: 'shoot', kind: 'adult', injuries: 2, discard: [] },
    { how: 'melee', kind: 'adult', injuries: 3, discard: ['bite-1', 'bite-2', 'scratch-1'] },
    { how: 'shoot', kind: 'breeder', injuries: 3, discard: allCards.slice(0, 14) },
    { how: 'melee', kind: 'queen', injuries: 4, discard: allCards.slice(4, 18) },
  ];

function exactFor(entry: (typeof cases)[number]) {
  return combatOdds(pack, tables, {
    attack: entry.how,
    weapon: 'shotgun',
    kind: entry.kind,
    injuries: entry.injuries,
    deck: attackDeckWith(tables, entry.discard),
  });
}

describe('Shoot and Melee odds: dead, retreats, stays, and the Serious Wound of a melee miss', () => {
  for (const entry of cases) {
    it(`equal the real rules played over every die face and card order: ${entry.how} a ${entry.kind} with ${entry.injuries} injuries, ${entry.discard.length} cards discarded`, () => {
      const exact = exactFor(entry);
      const brute = bruteForce(entry.how, entry.kind, entry.injuries, entry.discard);
      expect(exact.p_dead).toBeCloseTo(brute.dead, 12);
      expect(exact.p_retreats).toBeCloseTo(brute.retreats, 12);
      expect(exact.p_stays).toBeCloseTo(brute.stays, 12);
      expect(exact.p_serious_wound).toBeCloseTo(brute.serious, 12);
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
        const built = table(entry.kind, entry.injuries, entry.discard, `mc:${sample}`)
          .with((state) => {
            // The scenario's own seed shuffles the piles again, so every sample starts fresh.
            state.attackDeck.drawPile.push(...state.attackDeck.top);
            state.attackDeck.top = [];
          })
          .build();
        const seen = attack(built, entry.how);
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

  it('the Prototype Pistol rolls a miss again once', () => {
    const odds = combatOdds(pack, tables, {
      attack: 'shoot',
      weapon: 'prototype-pistol',
      kind: 'adult',
      injuries: 0,
      deck: attackDeckWith(tables, null),
      weaponRules: 'card',
    });
    // Against an Adult, 3 faces in 6 miss: a miss twice running is 1 in 4.
    expect(odds.p_hit).toBeCloseTo(3 / 4, 12);
  });

  it('as the engine resolves a Shoot today, no weapon rule counts, and the odds say which were left out', () => {
    const odds = combatOdds(pack, tables, {
      attack: 'shoot',
      weapon: 'shotgun',
      kind: 'adult',
      injuries: 0,
      deck: attackDeckWith(tables, null),
    });
    expect(odds.weapon_rules).toBe('engine');
    expect(odds.weapon_rules_left_out).toEqual(['extra-injury']);
    expect(odds.faces.find((face) => face.face === 'double')!.injuries).toBe(2);
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
    expect(() => attackDeckWith(tables, ['bite-9'])).toThrow(/bite-9/);
  });
});
