import { conformanceSuite } from '@tabletop/engine/conformance';
import { createNemesis, nemesisInvariants } from '@tabletop/nemesis';

const nemesis = createNemesis();

conformanceSuite({
  ruleset: nemesis,
  optionsList: [
    { players: 1 },
    { players: 2 },
    { players: 3 },
    { players: 4 },
    { players: 5, characters: ['scientist', 'mechanic', 'pilot', 'scout', 'soldier'] },
    // The cooperative variant: the team's cards face up, hands, items and tiles still secret.
    { players: 2, mode: 'cooperative' },
    { players: 4, mode: 'cooperative' },
  ],
  seeds: ['conformance-a', 'conformance-b'],
  invariant: (state) => nemesisInvariants(state, nemesis.tables),
  samplesPerPlayout: 25,
});
