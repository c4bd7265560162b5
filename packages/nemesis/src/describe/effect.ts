import type { Effect } from '../content/effects.js';
import type { Tables } from '../content/tables.js';

function count(value: number | 'all', one: string, many: string): string {
  return value === 'all' ? `all ${many}` : value === 1 ? `1 ${one}` : `${value} ${many}`;
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
      return `Reload ${effect.amount === 'full' ? 'fully' : `${effect.amount} ammo`} (${effect.weapon} weapon)`;
    case 'remove-fire':
      return 'Put out the Fire';
    case 'intruders-retreat':
      return 'The Intruders there retreat';
    case 'noise-roll':
      return 'Noise roll';
    case 'peek-rooms':
      return `Secretly look at ${effect.count === 1 ? '1 unexplored room' : `${effect.count} unexplored rooms`}${effect.withExplorationToken ? ' and its Exploration token' : ''}`;
    case 'set-doors':
      return effect.doors === 'each'
        ? 'Open or close each door of a room'
        : `Open or close 1 door next to your room${effect.closesDestroyed ? ' (even a destroyed one)' : ''}`;
    case 'look-at-objective':
      return effect.whose === 'signal-sender'
        ? 'Look at the Objectives of a character who sent a Signal'
        : "Look at a player's Objectives";
    case 'research-weakness':
      return 'Research an object here: reveal its Weakness';
    case 'repair-or-break-engine':
      return 'Repair or break the engine here';
    case 'bespoke':
      return effect.rule === 'emergency-airlock'
        ? 'Emergency Airlock: seal another Yellow room'
        : effect.rule
            .split('-')
            .map((word, index) =>
              index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word,
            )
            .join(' ');
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
