import { type ObjectiveTally, tallyObjectives } from '@tabletop/nemesis';
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
});
