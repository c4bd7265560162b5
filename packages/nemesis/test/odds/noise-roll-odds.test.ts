import { binomialTwoSidedTail, fourSigmaTail } from '@tabletop/engine';
import { createNemesis, noiseRollOdds } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

const ruleset = createNemesis();
const tables = ruleset.tables;

/** Room 2's corridors: to room 1 (number 3) and to room 6 (number 4); it has a Technical Corridor entrance. */
function noiseTable(marked: [number, number][], seed: string) {
  return scenario({ players: 1, seed })
    .explored(2)
    .character('0', { room: 2, hand: 5 })
    .noise(...marked)
    .stackBag(['adult-12'])
    .firstEncounterDone();
}

function rollOnce(built: ReturnType<ReturnType<typeof noiseTable>['build']>) {
  built.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
  return built.eventsOf('intruder-appears').length + built.eventsOf('blank-token').length > 0;
}

const markedNumbers = (marked: [number, number][]) =>
  marked.map(([from, to]) => {
    const corridor = tables.corridors.find(
      (candidate) => candidate.ends.includes(from) && candidate.ends.includes(to),
    )!;
    return corridor.numbers[0]!;
  });

describe('Noise roll odds: an Encounter from the markers already in the room’s corridors', () => {
  const cases: [number, number][][] = [
    [],
    [[1, 2]],
    [
      [1, 2],
      [2, 6],
    ],
  ];
  for (const marked of cases) {
    it(`equal the real rules rolled on every face: ${marked.length} corridors marked`, () => {
      const exact = noiseRollOdds(tables, { room: 2, marked: markedNumbers(marked), slime: false });
      let encounters = 0;
      for (const face of tables.noiseFaces) {
        if (rollOnce(noiseTable(marked, 'brute').stackNoise([face]).build()))
          encounters += 1 / tables.noiseFaces.length;
      }
      expect(exact.p_encounter).toBeCloseTo(encounters, 12);
    });
  }

  it('agree with the engine rolling for itself within 4 sigma', () => {
    const marked: [number, number][] = [[2, 6]];
    const exact = noiseRollOdds(tables, { room: 2, marked: markedNumbers(marked), slime: false });
    const samples = 2000;
    let encounters = 0;
    for (let sample = 0; sample < samples; sample++)
      if (rollOnce(noiseTable(marked, `mc:${sample}`).build())) encounters++;
    expect(
      binomialTwoSidedTail(samples, exact.p_encounter, encounters),
      `${encounters} in ${samples} against ${exact.p_encounter}`,
    ).toBeGreaterThanOrEqual(fourSigmaTail);
  });

  it('Silence counts as Danger for a slimed character', () => {
    const plain = noiseRollOdds(tables, { room: 2, marked: [], slime: false });
    const slimed = noiseRollOdds(tables, { room: 2, marked: [], slime: true });
    const danger = (odds: typeof plain) =>
      odds.outcomes.find((entry) => entry.outcome === 'danger')?.p ?? 0;
    expect(danger(slimed)).toBeCloseTo(danger(plain) + 0.1, 12);
  });

  it('a room or exit that does not exist is refused, naming it', () => {
    expect(() => noiseRollOdds(tables, { room: 99, marked: [], slime: false })).toThrow(/99/);
    expect(() => noiseRollOdds(tables, { room: 2, marked: [7], slime: false })).toThrow(/7/);
  });
});
