/**
 * The keys of the words about things (the engine's `Entry`): a kind and an
 * id, as the view names the thing. The table builds the same key from the
 * view to find a thing's words, so the kinds below are the whole list.
 *
 * From the reference (the same for every reader):
 * - `card:<action card id>`, and `card:contamination` for a face-down one
 *   (a Contamination card its owner scanned has its own id, in their things only)
 * - `item:<item id>` (Item cards, quest items, crafted items)
 * - `weapon:<weapon id>` (a character's starting weapon, or an Item weapon)
 * - `objective:<objective id>`
 * - `wound:<serious wound id>`, `wound:light`, `wound:dressed`
 * - `weakness:<weakness id>`
 * - `tile:<room tile id>` (what a room is and its Room Action)
 * - `character:<character id>`
 * - `intruder-kind:<kind>` (larva, creeper, adult, breeder, queen)
 * - `event:<event card id>`, `attack:<attack card id>`
 * - `action:<turn action type>` (move, careful-move, search, ...)
 * - `token:<kind>`: fire, malfunction, noise, door-closed, door-destroyed,
 *   slime, signal, larva, airlock, item-counter, egg, corpse, carcass
 * - `track:<name>`: time, self-destruct, destination, hibernation, bag,
 *   event-deck, attack-deck, nest, escape-pods, engines, coordinates
 * - `phase:<name>`: the turn's sequence, one entry per phase and step
 * - `coordinates:<card id>` and `exploration:<token id>`: the secret cards
 *   and tokens a seat may come to know (its Coordinates, a room it peeked)
 * - `mode:<name>`: standard, solo, cooperative, and `mode:autodoc` (Revival)
 *
 * From the reader's view (a state of their own here), over the same keys
 * where the reference has one:
 * - `seat:<seat>`: "Player 2 (Soldier)", and what the table sees of them
 * - `room:<number>`, `corridor:<index>` (and `corridor:technical`),
 *   `intruder:<id>`, `pod:<number>`, `engine:<number>` (1-3),
 *   `weakness-slot:<index>` (0 first, in the Intruder board's order)
 * - `objective:<id>` with its `parts` (the reader's own, those they looked
 *   at, the team's in the cooperative variant, and everyone's at the end), `weapon:<id>` and `item:<id>` with their
 *   state (the reader's own, and what the table sees of the others'),
 *   `wound:<id>`, `weakness:<id>`, `intruder-kind:<kind>`, `event:<id>`
 *   where the view says something of them, `track:<name>` with where it stands,
 *   `action:<type>` for the item, card, room, search and quest actions as
 *   the reader would take them now (their items and costs)
 */
export type ThingKind =
  | 'card'
  | 'item'
  | 'weapon'
  | 'objective'
  | 'wound'
  | 'weakness'
  | 'tile'
  | 'character'
  | 'intruder-kind'
  | 'event'
  | 'attack'
  | 'action'
  | 'token'
  | 'track'
  | 'phase'
  | 'coordinates'
  | 'exploration'
  | 'mode'
  | 'seat'
  | 'room'
  | 'corridor'
  | 'intruder'
  | 'pod'
  | 'engine'
  | 'weakness-slot';

export type ThingKey = `${ThingKind}:${string}`;

export function thingKey(kind: ThingKind, id: string | number): ThingKey {
  return `${kind}:${id}`;
}
