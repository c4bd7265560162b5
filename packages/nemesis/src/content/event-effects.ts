// The Event cards' effects, as data: a fifth family of the effect
// vocabulary. They differ from the other effects in that nobody takes them:
// an Event happens to the ship, so no character answers for it and no choice
// is asked (where a card leaves a choice to the table, the rules fix one and
// say so). Rooms are picked by what the board shows, through a closed list of
// selectors, never by a room's id.
import { z } from 'zod';
import { ColouredRoom, type Effect, effectKinds, IntruderKind, kindsOf } from './effects.js';

const Positive = z.int().min(1);

/** Which rooms an Event reaches, read from the board at the moment it resolves. */
export const RoomSelector = z.discriminatedUnion('kind', [
  // Fire markers, on explored and unexplored rooms alike.
  z.strictObject({ kind: z.literal('burning') }),
  // Rooms holding at least one Intruder of these kinds.
  z.strictObject({ kind: z.literal('holding-intruders'), intruders: z.array(IntruderKind).min(1) }),
  // Rooms where a character with a Slime marker stands.
  z.strictObject({ kind: z.literal('holding-slimed-character') }),
  // Explored rooms of a colour; `computer` narrows to rooms with (true) or without (false) one.
  z.strictObject({
    kind: z.literal('of-colour'),
    colour: ColouredRoom,
    computer: z.boolean().optional(),
  }),
  // The Nest, once explored (the pack's `nest` flag).
  z.strictObject({ kind: z.literal('nest') }),
  // Rooms whose Room Action includes an effect of this kind ("the Hibernatorium" is where one hibernates).
  z.strictObject({
    kind: z.literal('with-room-action'),
    effect: z.enum(effectKinds as [Effect['kind'], ...Effect['kind'][]]),
  }),
]);
export type RoomSelector = z.output<typeof RoomSelector>;

export const EventEffect = z.discriminatedUnion('kind', [
  // In order, each part on the board as the one before left it.
  z.strictObject({
    kind: z.literal('sequence'),
    get steps() {
      return z.array(EventEffect).min(2);
    },
  }),
  // A Malfunction marker in each room selected (the ninth destroys the ship).
  z.strictObject({ kind: z.literal('malfunction-in-rooms'), rooms: RoomSelector }),
  // The lowest-numbered explored room that can still take a Malfunction marker.
  z.strictObject({ kind: z.literal('malfunction-in-lowest-room') }),
  // Fire spreads from every burning room to each neighbour, not through closed
  // doors or the Technical Corridors (all at once: new Fires do not spread again).
  z.strictObject({ kind: z.literal('fire-spreads') }),
  // Fire in the selected room; where it already burns, Fire in each neighbour instead.
  z.strictObject({ kind: z.literal('fire-in-room-or-neighbours'), rooms: RoomSelector }),
  // The rooms' item counters drop to 0 (nothing left to search).
  z.strictObject({ kind: z.literal('item-counters-emptied'), rooms: RoomSelector }),
  // Every Intruder on the board loses Injuries.
  z.strictObject({ kind: z.literal('intruders-heal'), injuries: Positive }),
  // A Noise marker in each corridor of the selected rooms that lacks one.
  z.strictObject({ kind: z.literal('noise-around-rooms'), rooms: RoomSelector }),
  // Every closed door opens; destroyed ones stay destroyed.
  z.strictObject({ kind: z.literal('closed-doors-open') }),
  // Intruders of a kind not in Combat step into a neighbouring room with a character.
  z.strictObject({ kind: z.literal('hunt'), intruders: z.array(IntruderKind).min(1) }),
  // Larvae burst out; then everyone draws cards to find new ones.
  z.strictObject({ kind: z.literal('eclosion'), draw: Positive }),
  // The Self-Destruct starts if a selected room has a Malfunction.
  z.strictObject({ kind: z.literal('self-destruct-if-malfunction'), rooms: RoomSelector }),
  // Every Intruder with no character in its room leaves the board; its token goes back to the bag.
  z.strictObject({ kind: z.literal('intruders-hide') }),
  // The lowest-numbered Escape Pod still aboard leaves the ship.
  z.strictObject({ kind: z.literal('lowest-pod-ejected') }),
  // An Egg hatches: an empty-handed character in the Nest gets a Larva, else a Larva joins the bag.
  z.strictObject({ kind: z.literal('hatching') }),
  // Every character in the selected rooms, or carrying the object, meets an Intruder.
  z.strictObject({
    kind: z.literal('encounter-for-guardians'),
    rooms: RoomSelector,
    carrying: z.enum(['egg']),
  }),
  // Noise in the Technical Corridors; if there already was, everyone at an entrance rolls.
  z.strictObject({ kind: z.literal('technical-corridors-noise') }),
]);
export type EventEffect = z.output<typeof EventEffect>;
export type EventEffectOf<Kind extends EventEffect['kind']> = Extract<EventEffect, { kind: Kind }>;

export const eventEffectKinds: readonly EventEffect['kind'][] = kindsOf(EventEffect.options);
export const roomSelectorKinds: readonly RoomSelector['kind'][] = kindsOf(RoomSelector.options);
