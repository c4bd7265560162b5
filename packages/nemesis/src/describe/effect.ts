import type { Effect } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import type { NemesisView } from '../views/view.js';

function count(value: number | 'all', one: string, many: string): string {
  return value === 'all' ? `all ${many}` : value === 1 ? `1 ${one}` : `${value} ${many}`;
}

/** The names an effect's words may need: a weapon named by a card. A glossary has them. */
export interface EffectNames {
  weapon(id: string): string;
}

/** The weapon a reload fills: one named by the card, or any of a type. */
function reloaded(effect: Extract<Effect, { kind: 'reload' }>, names?: EffectNames): string {
  if (effect.only)
    return `the ${names ? names.weapon(effect.only) : effect.only.replaceAll('-', ' ')}`;
  return effect.weapon === 'energy' ? 'an energy weapon' : 'a classic weapon';
}

/** A few words for an effect of the pack, to name an option of a choice. */
export function describeEffect(effect: Effect, names?: EffectNames): string {
  const inner = (part: Effect) => describeEffect(part, names);
  switch (effect.kind) {
    case 'choice':
      return effect.options.map(inner).join(', or ');
    case 'sequence':
      return effect.steps.map(inner).join(', then ');
    case 'optional':
      return `you may: ${inner(effect.effect)}`;
    case 'only-if':
    case 'choose-room':
      return inner(effect.effect);
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
        ? `Fill ${reloaded(effect, names)} to capacity`
        : `${effect.amount} more ammo in ${reloaded(effect, names)}`;
    case 'attach-to-weapon':
      return `Fit it to ${effect.weapon === 'energy' ? 'an energy weapon' : `the ${names ? names.weapon(effect.weapon) : effect.weapon}`}: +${effect.capacity} capacity, +${effect.ammo} ammo`;
    case 'remove-fire':
      return 'Put out the Fire';
    case 'intruders-retreat':
      return 'The Intruders there retreat';
    case 'noise-roll':
      return 'Noise roll';
    case 'search':
      return `Search: draw ${effect.draw} from ${effect.deck === 'room' ? "the room's Item deck" : 'an Item deck of your choice'}, keep ${effect.keep}${effect.lowersItemCounter ? '' : ' (the item counter stays)'}`;
    case 'blast': {
      const aimed = effect.target > 0 ? `${effect.target} Injuries to one Intruder, ` : '';
      return `Blast: ${aimed}${effect.otherIntruders} to each ${effect.target > 0 ? 'other ' : ''}Intruder, ${effect.characters.serious} Serious Wound to each character there, ${effect.eggs} egg(s) destroyed`;
    }
    case 'injure-intruder':
      return `${effect.injuries} Injur${effect.injuries === 1 ? 'y' : 'ies'} to an Intruder in your room${effect.thenRetreats ? ', which then retreats' : ''}`;
    case 'move':
      return `Move to ${
        effect.to === 'neighbour'
          ? 'a neighbouring room'
          : effect.to === 'technical-entrance-room'
            ? 'another room with a Technical Corridors entrance'
            : `another ${effect.colour ?? ''} room`
      }${effect.unharmed ? ', with no Intruder attacking as you leave' : ''}`;
    case 'discard-action-cards': {
      const cards =
        effect.count === 'all'
          ? 'their whole hand'
          : count(effect.count, 'Action card', 'Action cards');
      const who = {
        self: 'You discard',
        'everyone-in-room': 'Everyone in your room discards',
        'others-in-room': 'Every other character in your room discards',
        'chosen-in-room': 'A character of your choice in your room discards',
      }[effect.who];
      return `${who} ${effect.who === 'self' && effect.count === 'all' ? 'your whole hand' : cards}`;
    }
    case 'discard-then-draw':
      return `Discard any cards, then draw as many ${effect.extra > 0 ? `plus ${effect.extra}` : ''}`.trim();
    case 'unlimited-actions':
      return 'Any number of actions this round, then pass';
    case 'draw-action-cards':
      return `Draw ${count(effect.count, 'Action card', 'Action cards')}`;
    case 'gain-contamination':
      return `Take ${count(effect.count, 'Contamination card', 'Contamination cards')}`;
    case 'ignore-attack':
      return 'Ignore the attack';
    case 'cancel-interrupted':
      return "Cancel another player's action in your room (they still pay its cost), or another player's Interruption";
    case 'reroll-die':
      return `Roll the ${effect.die === 'noise' ? 'Noise' : 'Combat'} die again`;
    case 'bespoke':
      if (effect.rule === 'decoy') return 'Lure every Intruder next to a neighbouring room into it';
      if (effect.rule === 'orbital-maneuver')
        return 'Everyone passes; no Intruder attacks this Event Phase';
      if (effect.rule === 'emergency-airlock') return 'Emergency Airlock: seal another Yellow room';
      if (effect.rule === 'tape-heavy-items')
        return 'Tape two Heavy Items together: they take one hand slot';
      if (effect.rule === 'craft-with-yellow-as-tool')
        return 'Craft an item, any Yellow item standing in for the Tool';
      return effect.rule
        .split('-')
        .map((word, index) => (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
        .join(' ');
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
    case 'remove-malfunction':
      return "Repair your room's Malfunction";
    case 'place-malfunction':
      return effect.room === 'own'
        ? 'Put a Malfunction in your room'
        : 'Put a Malfunction in a room with a Computer';
    case 'destroy-door':
      return 'Destroy a closed door next to your room';
    case 'place-fire':
      return 'Start a Fire in your room';
    case 'free-room-action':
      return effect.room === 'own'
        ? "Take this room's Room Action for free"
        : "Take another Computer room's Room Action for free";
    case 'leave-room':
      return {
        other: 'Send another character here to a neighbouring room',
        'self-or-other': 'You, or one willing character here, slip out to a neighbouring room',
        'self-and-other': 'You and/or one willing character here slip out together',
      }[effect.who];
    case 'shoot':
      return `Shoot${effect.weapon === 'energy' ? ' with an energy weapon' : ''}${effect.extraRerolls > 0 ? ', with a re-roll' : ''}${effect.emptiesWeapon ? `, emptying the weapon: +1 Injury per ${effect.emptiesWeapon.ammoPerInjury} ammo` : ''}`;
    case 'spend-ammo':
      return `Spend ${effect.amount} ammo`;
    case 'discard-inventory-item':
      return `Give up ${effect.count === 1 ? 'an item' : `${effect.count} items`}`;
    case 'enter-escape-pod':
      return 'Enter escape pod: you pass, and may launch at the start of your next turn';
    case 'look-at-event-deck':
      return 'Look at the top Event card; leave it or put it at the bottom';
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

/**
 * Why the Room Action of this room cannot be taken now, as far as the
 * table sees: a Malfunction switches it off; an Evac Section's pods may all
 * be locked, launched or full. Null when nothing on the board stops it.
 */
export function roomActionBlocked(
  view: NemesisView,
  tables: Tables,
  number: number,
): string | null {
  const room = view.rooms[number - 1];
  if (!room?.explored || room.tile === null) return null;
  if (room.malfunction) return 'not while the room malfunctions';
  const section = tables.roomTiles.get(room.tile)?.section ?? null;
  if (section === null) return null;
  const open = view.pods.filter((pod) => pod.section === section && !pod.launched && !pod.locked);
  if (open.length === 0)
    return `not now: every Escape Pod of section ${section} is locked or launched`;
  if (open.every((pod) => pod.occupants.length >= tables.pods.seats))
    return `not now: the unlocked Escape Pods of section ${section} are full`;
  return null;
}
