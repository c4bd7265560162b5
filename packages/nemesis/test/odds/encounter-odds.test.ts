import { binomialTwoSidedTail, fourSigmaTail } from '@tabletop/engine';
import { createNemesis, encounterOdds, setupBag } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

const ruleset = createNemesis();
const tables = ruleset.tables;

function encounterTable(hand: number, seed: string, players = 1) {
  return scenario({ players, seed })
    .explored(2)
    .character('0', { room: 2, hand })
    .firstEncounterDone();
}

/** What one Encounter brings on the real table: the kind that appears (or blank) and a Surprise Attack. */
function encounterOnce(built: ReturnType<ReturnType<typeof encounterTable>['build']>) {
  built.resolve({ kind: 'encounter', seat: '0', room: 2 });
  const appeared = built.eventsOf('intruder-appears')[0] as { kind?: string } | undefined;
  const kind = built.eventsOf('blank-token').length > 0 ? 'blank' : (appeared?.kind ?? 'none');
  return { kind, surprise: built.eventsOf('surprise-attack').length > 0 };
}

const bag = [
  'larva-1',
  'creeper-2',
  'adult-01',
  'adult-05',
  'adult-11',
  'breeder-1',
  'queen-1',
  'blank',
];

describe('Encounter odds: the Surprise Attack and which Intruder appears', () => {
  for (const hand of [0, 1, 2, 3, 4]) {
    it(`equal the real rules drawing each token of a known bag in turn, with ${hand} cards in hand`, () => {
      const exact = encounterOdds(tables, { tokens: bag }, hand);
      let surprise = 0;
      const kinds = new Map<string, number>();
      for (const token of bag) {
        const seen = encounterOnce(encounterTable(hand, 'brute').stackBag([token]).build());
        if (seen.surprise) surprise += 1 / bag.length;
        kinds.set(seen.kind, (kinds.get(seen.kind) ?? 0) + 1 / bag.length);
      }
      expect(exact.p_surprise).toBeCloseTo(surprise, 12);
      for (const entry of exact.appears)
        expect(entry.p, entry.kind).toBeCloseTo(kinds.get(entry.kind) ?? 0, 12);
      expect(exact.appears).toHaveLength(kinds.size);
    });
  }

  it('a bag known by kind only equals the average over every way its tokens could have been picked', () => {
    const kinds = { larva: 2, adult: 3, breeder: 1, blank: 1 };
    const byKind = (kind: string) =>
      [...tables.intruderTokens.values()].filter((token) => token.kind === kind);
    const choose = <T>(items: readonly T[], count: number): T[][] =>
      count === 0
        ? [[]]
        : items.flatMap((item, index) =>
            choose(items.slice(index + 1), count - 1).map((rest) => [item, ...rest]),
          );
    for (const hand of [0, 1, 2, 3]) {
      const exact = encounterOdds(tables, { kinds }, hand);
      let bags = 0;
      let surprise = 0;
      for (const larvae of choose(byKind('larva'), kinds.larva))
        for (const adults of choose(byKind('adult'), kinds.adult))
          for (const breeders of choose(byKind('breeder'), kinds.breeder)) {
            const tokens = [...larvae, ...adults, ...breeders, ...byKind('blank')];
            bags++;
            surprise +=
              tokens.filter((token) => token.number !== null && token.number > hand).length /
              tokens.length;
          }
      expect(exact.p_surprise).toBeCloseTo(surprise / bags, 12);
    }
  });

  it('agree within 4 sigma with Encounters drawn from the bag a four-player setup fills', () => {
    const hand = 2;
    const exact = encounterOdds(tables, { kinds: setupBag(tables, 4) }, hand);
    const samples = 2000;
    let surprises = 0;
    const kinds = new Map<string, number>();
    for (let sample = 0; sample < samples; sample++) {
      const seen = encounterOnce(encounterTable(hand, `mc:${sample}`, 4).build());
      if (seen.surprise) surprises++;
      kinds.set(seen.kind, (kinds.get(seen.kind) ?? 0) + 1);
    }
    expect(
      binomialTwoSidedTail(samples, exact.p_surprise, surprises),
      `${surprises} Surprise Attacks in ${samples} against ${exact.p_surprise}`,
    ).toBeGreaterThanOrEqual(fourSigmaTail);
    for (const entry of exact.appears) {
      const count = kinds.get(entry.kind) ?? 0;
      expect(
        binomialTwoSidedTail(samples, entry.p, count),
        `${entry.kind}: ${count} in ${samples} against ${entry.p}`,
      ).toBeGreaterThanOrEqual(fourSigmaTail);
    }
  });

  it('a bad bag or hand is refused, naming what was wrong', () => {
    expect(() => encounterOdds(tables, { tokens: ['adult-99'] }, 1)).toThrow(/adult-99/);
    expect(() => encounterOdds(tables, { kinds: { dragon: 1 } }, 1)).toThrow(/dragon/);
    expect(() => encounterOdds(tables, { kinds: { adult: 0 } }, 1)).toThrow(/empty/);
    expect(() => encounterOdds(tables, { tokens: bag }, -1)).toThrow(/hand/);
  });
});
