import type { Seat } from '@tabletop/engine';
import type { Destination } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import type { ConditionFacts, Guard } from '../effects/condition-reading.js';
import type { Survival } from '../vocabulary/state.js';
import type { NemesisView, PlayerView } from './view.js';

/**
 * The facts a condition is read against (effects/condition-reading.ts), as
 * one seat's view shows them: what the words tell a reader and what a bot
 * plans with. Before the end, "survives" reads "alive so far"; what the
 * view cannot tell yet (where the ship goes, unread; the Intruders killed)
 * is null. `guard` reads the guards, which no Objective names; unknown by
 * default.
 */
export function conditionFactsOfView(
  tables: Tables,
  view: NemesisView,
  owner: PlayerView,
  /** The owner's items, when the reader may count them (their own, or the count the table sees). */
  items: number,
  guard: (condition: Guard) => boolean | null = () => null,
): ConditionFacts {
  const over = view.over;
  const fate = (seat: Seat) => over?.victory.fates.find((candidate) => candidate.seat === seat);
  const player = (seat: Seat) => view.players.find((candidate) => candidate.seat === seat);
  return {
    tables,
    owner: owner.seat,
    seats: view.players.map((candidate) => candidate.seat),
    survives: (seat) => (over ? fate(seat)?.survivedBy != null : player(seat)?.status !== 'dead'),
    survival: survivalSoFar(view, owner),
    shipDestroyed: over ? over.victory.shipDestroyed : null,
    shipHeadsFor: headedFor(tables, view),
    signalSent: owner.signal,
    // The view keeps no tally of the kinds killed; only the end can tell.
    intrudersKilled: null,
    nestEggs: view.nestEggs,
    items,
    carried: owner.carried,
    rooms: view.rooms,
    weaknessesRevealed: view.weaknesses.map((weakness) => weakness !== null),
    guard,
  };
}

/** How the owner left the ship alive, once the view can tell. */
function survivalSoFar(view: NemesisView, owner: PlayerView): Survival | null | undefined {
  if (owner.status === 'escaped') return 'escape-pod';
  if (owner.status === 'dead') return null;
  if (view.over) return owner.status === 'hibernating' ? 'hibernation' : null;
  return undefined;
}

/** Where the ship is headed as the reader knows it: from the end's check, or the Coordinates they read. */
export function headedFor(tables: Tables, view: NemesisView): Destination | null {
  if (view.over) return view.over.victory.reached;
  const card = view.you?.coordinates;
  if (!card) return null;
  return tables.coordinates.get(card)?.destinations[view.destination] ?? null;
}
