import {
  createNemesis,
  type ObjectiveTally,
  objectiveAsks,
  tallyObjectives,
} from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

describe('Objective tally: holders, survivors and winners by Objective', () => {
  it('counts each Objective a character held, their survival and their win', () => {
    const tally: ObjectiveTally = {};
    tallyObjectives(tally, { objectives: ['ab-ovo'], survived: true, won: false });
    tallyObjectives(tally, { objectives: ['ab-ovo'], survived: true, won: true });
    tallyObjectives(tally, { objectives: ['quarantine', 'ab-ovo'], survived: false, won: false });
    expect(tally).toEqual({
      'ab-ovo': { held: 3, survived: 2, won: 1 },
      quarantine: { held: 1, survived: 0, won: 0 },
    });
  });

  it('counts nothing for a character who held none', () => {
    const tally: ObjectiveTally = {};
    tallyObjectives(tally, { objectives: [], survived: true, won: false });
    expect(tally).toEqual({});
  });

  it('counts a kind once for a character, however many of their cards are of it', () => {
    const tally: ObjectiveTally = {};
    const kind = (objective: string) => (objective === 'quarantine' ? 'ship' : 'research');
    tallyObjectives(
      tally,
      { objectives: ['ab-ovo', 'necroscopy'], survived: true, won: false },
      kind,
    );
    tallyObjectives(
      tally,
      { objectives: ['quarantine', 'ab-ovo'], survived: true, won: true },
      kind,
    );
    expect(tally).toEqual({
      research: { held: 2, survived: 2, won: 1 },
      ship: { held: 1, survived: 1, won: 1 },
    });
  });
});

describe('What an Objective asks of a survivor besides surviving', () => {
  const { tables } = createNemesis();

  it('reads it from each card of the pack', () => {
    const asked = Object.fromEntries(
      [...tables.objectives.keys()].map((objective) => [
        objective,
        objectiveAsks(tables, objective),
      ]),
    );
    expect(asked).toMatchObject({
      // Met by getting away: a pod flies to Earth.
      'salvaging-the-prime-asset': 'leaving',
      'the-oldest-friend': 'leaving',
      'destination-earth': 'leaving',
      // Met by who else lives or dies.
      'greener-pastures': 'others-fates',
      'hostile-takeover': 'others-fates',
      'best-friends-forever': 'others-fates',
      // Mars, or Earth with the Nest destroyed.
      quarantine: 'ships-fate',
      // Met only by something done on board.
      'ab-ovo': 'errand',
      'extreme-field-biology': 'errand',
      hoarder: 'errand',
      'the-great-hunt': 'errand',
      'my-precious': 'errand',
      'emergency-post-mortem': 'errand',
    });
  });

  it('refuses a card the pack does not have, naming it', () => {
    expect(() => objectiveAsks(tables, 'lucky-escape')).toThrow('no Objective "lucky-escape"');
  });
});
