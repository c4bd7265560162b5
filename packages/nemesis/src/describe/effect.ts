import type { Effect } from '../content/effects.js';
import type { Tables } from '../content/tables.js';

function count(value: number | 'all', one: string, many: string): string {
  return value === 'all' ? `all ${many}` : value === 1 ? `1 ${one}` : `${value} ${many}`;
}

/** The weapon a reload fills: one named by the card, or any of a type. */
function reloaded(effect: Extract<Effect, { kind: 'reload' }>): string {
  if (effect.only) return 'the weapon it fits';
  return effect.weapon === 'energy' ? 'an energy weapon' : 'a classic weapon';
}

/** A few words for an effect of the pack, to name an option of a choice. */
export function describeEffect(effect: Effect): string {
  switch (effect.kind) {
    case 'choice':
      return effect.options.map(describeEffect).join(', or ');
    case 'sequence':
      return effect.steps.map(describeEffect).join(', then ');
    case 'optional':
      return `you may: ${describeEffect(effect.effect)}`;
    case 'only-if':
    case 'choose-room':
      return describeEffect(effect.effect);
    case 'dress-serious-wounds':
      return `Dress ${count(effect.count, 'Serious Wound', 'your Serious Wounds')}`;
    case 'heal-dressed-serious-wounds':
      return `Heal ${count(effect.count, 'dressed Serious Wound', 'dressed Serious Wounds')}`;
    case 'heal-light-wounds':
      return `Heal ${count(effect.count, 'Light Wound', 'your Light Wounds')}`;
    case 'scan-contamination':
      return effect.cards === 'all'
        ? 'Scan all your Contamination cards'
        : 'Scan the Contamination cards in your hand';
    case 'check-coordinates':
      return 'Check the Coordinates';
    case 'set-destination':
      return 'Set the Destination';
    case 'reload':
      // Worded apart from the Captain's Reload card, whose name the others must not read as theirs.
      return effect.amount === 'full'
        ? `Fill ${reloaded(effect)} to capacity`
        : `${effect.amount} more ammo in ${reloaded(effect)}`;
    case 'remove-fire':
      return 'Put out the Fire';
    case 'intruders-retreat':
      return 'The Intruders there retreat';
    case 'noise-roll':
      return 'Noise roll';
    case 'search':
      return `Search: draw ${effect.draw} from ${effect.deck === 'room' ? "the room's Item deck" : 'an Item deck of your choice'}, keep ${effect.keep}${effect.lowersItemCounter ? '' : ' (the item counter stays)'}`;
    default:
      return effect.kind
        .split('-')
        .map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
        .join(' ');
  }
}

/** A room's action and its cost, or null for a room with none: "Send a signal (2 cards)". */
export function roomActionText(tables: Tables, tile: string | null): string | null {
  const action = tile === null ? null : tables.roomTiles.get(tile)?.action;
  if (!action) return null;
  return `${describeEffect(action)} (${tables.roomActionCost} cards)`;
}
