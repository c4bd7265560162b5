import { binomialTwoSidedTail, fourSigmaTail } from '@tabletop/engine';
import { attackDeckWith, createNemesis, escapeOdds, type IntruderKind } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

/*
 * The brute force drives the real rules: the character escapes from room 11
 * to room 6 with the Attack cards stacked. Whenever the rules draw one more
 * card than was stacked, the run is played again once for every card that
 * could have come next, each with its chance; so every order of draws the
 * Escape can meet is played, and no more.
 */
const ruleset = createNemesis();
const tables = ruleset.tables;
const allCards = [...tables.attackCards.keys()];

interface Character {
  serious: number;
  light: number;
  hand: number;
}

function escapeTable(
  intruders: readonly IntruderKind[],
  character: Character,
  discard: readonly string[],
  seed: string,
) {
  let builder = scenario({ players: 2, seed })
    .explored(6, 8)
    .character('1', { room: 8 })
    .character('0', {
      hand: character.hand + 1,
      seriousWounds: character.serious,
      lightWounds: character.light,
    })
    .firstEncounterDone()
    .stackNoise(['silence', 'silence'])
    .with((state) => {
      const deck = state.attackDeck;
      deck.drawPile = [...deck.top, ...deck.drawPile].filter((card) => !discard.includes(card));
      deck.top = [];
      deck.discardPile = [...discard];
    });
  for (const kind of intruders) builder = builder.intruder(kind, 11);
  return builder;
}

function escapeOnce(built: ReturnType<ReturnType<typeof escapeTable>['build']>) {
  const paid = built.player('0').hand[0]!;
  built.take('0', { type: 'move', to: 6, cards: [paid] });
  return {
    dead: built.player('0').status === 'dead',
    serious: built.player('0').seriousWounds.length,
    drawn: built.eventsOf('intruder-attack').length,
  };
}

function bruteForce(
  intruders: readonly IntruderKind[],
  character: Character,
  discard: readonly string[],
) {
  const totals = { dies: 0, serious: new Map<number, number>() };
  const explore = (stacked: string[], p: number) => {
    const built = escapeTable(intruders, character, discard, 'brute')
      .stackAttackCards(stacked)
      .build();
    const seen = escapeOnce(built);
    if (seen.drawn > stacked.length) {
      const left = allCards.filter((card) => !discard.includes(card) && !stacked.includes(card));
      for (const card of left) explore([...stacked, card], p / left.length);
      return;
    }
    if (seen.dead) totals.dies += p;
    else totals.serious.set(seen.serious, (totals.serious.get(seen.serious) ?? 0) + p);
  };
  explore([], 1);
  return totals;
}

const cases: {
  intruders: IntruderKind[];
  character: Character;
  discard: string[];
}[] = [
  { intruders: ['adult'], character: { serious: 2, light: 0, hand: 2 }, discard: [] },
  {
    intruders: ['creeper', 'adult'],
    character: { serious: 1, light: 2, hand: 0 },
    discard: ['bite-1', 'claw-1', 'scratch-1', 'tail-1'],
  },
  {
    intruders: ['larva', 'queen'],
    character: { serious: 0, light: 1, hand: 1 },
    discard: allCards.slice(0, 10),
  },
];

describe('Escape odds: surviving the attack of every Intruder in the room', () => {
  for (const entry of cases) {
    it(`equal the real rules played over every order of Attack cards: ${entry.intruders.join(' and ')}, ${entry.character.serious} Serious and ${entry.character.light} Light Wounds, ${entry.character.hand} cards`, () => {
      const exact = escapeOdds(tables, {
        intruders: entry.intruders,
        seriousWounds: entry.character.serious,
        lightWounds: entry.character.light,
        hand: entry.character.hand,
        deck: attackDeckWith(tables, entry.discard),
      });
      const brute = bruteForce(entry.intruders, entry.character, entry.discard);
      expect(exact.p_dies).toBeCloseTo(brute.dies, 12);
      expect(exact.p_survives).toBeCloseTo(1 - brute.dies, 12);
      for (const { serious, p } of exact.serious_wounds_after)
        expect(p, `${serious} Serious Wounds`).toBeCloseTo(brute.serious.get(serious) ?? 0, 12);
      expect(exact.serious_wounds_after).toHaveLength(brute.serious.size);
    });
  }

  it('agree with the engine drawing for itself within 4 sigma, the deck running out on the way', () => {
    // One card left in the deck: the later attacks draw from the reshuffled discard pile.
    const discard = allCards.slice(1);
    const intruders: IntruderKind[] = ['adult', 'breeder', 'creeper'];
    const character = { serious: 1, light: 1, hand: 0 };
    const exact = escapeOdds(tables, {
      intruders,
      seriousWounds: character.serious,
      lightWounds: character.light,
      hand: character.hand,
      deck: attackDeckWith(tables, discard),
    });
    const samples = 2000;
    let deaths = 0;
    for (let sample = 0; sample < samples; sample++) {
      if (escapeOnce(escapeTable(intruders, character, discard, `mc:${sample}`).build()).dead)
        deaths++;
    }
    expect(
      binomialTwoSidedTail(samples, exact.p_dies, deaths),
      `${deaths} deaths in ${samples} against ${exact.p_dies}`,
    ).toBeGreaterThanOrEqual(fourSigmaTail);
  });

  it('a Larva never kills: it only climbs on', () => {
    const odds = escapeOdds(tables, {
      intruders: ['larva', 'larva'],
      seriousWounds: 3,
      lightWounds: 2,
      hand: 0,
      deck: attackDeckWith(tables, null),
    });
    expect(odds.p_survives).toBe(1);
  });
});
