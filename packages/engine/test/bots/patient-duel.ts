import {
  type DuelState,
  type DuelView,
  diceDuel,
  type Ruleset,
  type SearchSetup,
} from '../../src/index.js';

type PatientAction = { type: 'roll' } | { type: 'wait' };

/**
 * The dice duel with a choice: on your turn you may roll, or wait and let
 * the other roll. Waiting never helps, so a bot that searches should beat
 * one that picks at random.
 */
export const patientDuel: Ruleset<DuelState, PatientAction, DuelView, { health: number }> = {
  ...diceDuel,
  id: 'patient-duel',
  legalActions(state, seat) {
    const rolls = diceDuel.legalActions(state, seat);
    return rolls.length === 0 ? [] : [{ type: 'wait' }, ...rolls];
  },
  apply(state, seat, action) {
    if (action.type !== 'wait') return diceDuel.apply(state, seat, { type: 'roll' });
    if (diceDuel.legalActions(state, seat).length === 0)
      return { ok: false, rejection: { code: 'not-your-turn', message: 'not your turn' } };
    state.turn = state.turn === 0 ? 1 : 0;
    return { ok: true, events: [] };
  },
};

/** The search setup a root-parallel worker builds, by ruleset id. */
export function patientSetup(id: string): SearchSetup {
  if (id !== patientDuel.id) throw new Error(`no search setup for ${id}`);
  return { ruleset: patientDuel, options: {} };
}
