import type { NemesisAction } from '../flow/actions.js';
import type { NemesisView } from '../views/view.js';
import { describeEffect, roomActionText } from './effect.js';
import { corridorLabel, type Glossary, intruderName, objectName, roomLabel } from './glossary.js';

function targetName(view: NemesisView, target: number | 'eggs'): string {
  if (target === 'eggs') return 'the eggs';
  const intruder = view.intruders.find((candidate) => candidate.id === target);
  return intruder ? intruderName(intruder) : `Intruder #${target}`;
}

/** The reader's character faces an Intruder in their room. */
function readerInCombat(view: NemesisView): boolean {
  const me = view.players.find((player) => player.seat === view.viewer);
  return me !== undefined && view.intruders.some((intruder) => intruder.room === me.room);
}

/** What the reader is choosing for: the action under way, from their own view. */
function underWay(view: NemesisView) {
  return view.you?.choosing?.action;
}

/** An option of the reader's waiting effect, in the pack's words. */
function optionLabel(view: NemesisView, glossary: Glossary, option: number): string {
  const effect = view.you?.effect?.effect;
  if (effect?.kind === 'choice' && effect.options[option])
    return describeEffect(effect.options[option]);
  if (effect?.kind === 'optional') return `Yes: ${describeEffect(effect.effect)}`;
  if (effect?.kind === 'set-destination')
    return `Destination marker to space ${glossary.tables.destination.spaces[option] ?? option}`;
  if (effect?.kind === 'look-at-objective') {
    const player = view.players.find((candidate) => Number(candidate.seat) === option);
    return `Look at the Objectives of ${glossary.character(player?.character ?? null)} (seat ${option})`;
  }
  if (effect?.kind === 'repair-or-break-engine')
    return option === 0
      ? 'Put the Working token on top (repair)'
      : 'Put the Damaged token on top (break)';
  if (effect?.kind === 'lock-or-unlock-pod') {
    const pod = view.pods.find((candidate) => candidate.number === option);
    return `${pod?.locked ? 'Unlock' : 'Lock'} Escape Pod ${option}`;
  }
  return `Option ${option + 1}`;
}

/** The reader's Room Action here: the room, its action in the pack's words, and its cost. */
function roomActionLabel(view: NemesisView, glossary: Glossary): string {
  const me = view.players.find((player) => player.seat === view.viewer);
  const tile = (me && view.rooms[me.room - 1]?.tile) ?? null;
  const text = roomActionText(glossary.tables, tile);
  return text && tile ? `Room Action of the ${glossary.tile(tile)}: ${text}` : 'Room Action';
}

/**
 * One line for an action or an answer, as the reader's own view lets them
 * see it: a face-down room stays unexplored, an unscanned Contamination card
 * stays plain Contamination.
 */
export function describeAction(
  action: NemesisAction,
  view: NemesisView,
  glossary: Glossary,
): string {
  switch (action.type) {
    case 'choose-character': {
      const facts = glossary.tables.characters.get(action.character);
      const weapon = facts ? `, starts with the ${glossary.weapon(facts.startingWeapon)}` : '';
      return `Play the ${glossary.character(action.character)}${weapon}`;
    }
    case 'choose-objective': {
      const summary = glossary.objectiveSummary(action.keep);
      return `Keep ${glossary.objective(action.keep)}${summary ? ` (${summary})` : ''}`;
    }
    case 'escape-pod':
      return action.choice === 'launch'
        ? 'Launch the Escape Pod'
        : action.choice === 'leave'
          ? 'Step out of the Escape Pod'
          : 'Wait in the Escape Pod (pass the round)';
    case 'move':
      return readerInCombat(view)
        ? "Escape to a neighbouring room, risking the Intruders' attacks"
        : 'Move to a neighbouring room';
    case 'careful-move':
      return 'Careful move (2 cards, no Noise roll: you place the noise)';
    case 'shoot':
      return 'Shoot';
    case 'melee':
      return 'Melee attack';
    case 'pick-up':
      return 'Pick up a heavy object';
    case 'drop':
      return 'Drop a heavy object (free, not an action)';
    case 'room-action':
      return roomActionLabel(view, glossary);
    case 'pass':
      return 'Pass (you may discard cards)';
    case 'room': {
      const where = roomLabel(view, glossary, action.room);
      const effect = view.you?.effect?.effect;
      if (effect?.kind === 'peek-rooms') return `Secretly look at ${where}`;
      if (effect?.kind === 'bespoke') return `Seal ${where}`;
      if (effect) return `Pick ${where}`;
      const doing = underWay(view);
      if (doing === 'careful-move') return `Carefully to ${where}`;
      return doing === 'move' && readerInCombat(view) ? `Escape to ${where}` : `Move to ${where}`;
    }
    case 'corridor': {
      const where = corridorLabel(view, action.corridor);
      if (view.you?.effect?.effect.kind !== 'set-doors') return `Noise in ${where}`;
      const door = action.corridor === 'technical' ? null : view.corridors[action.corridor]?.door;
      return door === 'closed' ? `Open the door in ${where}` : `Close the door in ${where}`;
    }
    case 'target':
      return `Attack ${targetName(view, action.target)}`;
    case 'weapon': {
      const me = view.players.find((player) => player.seat === view.viewer);
      const ammo = me?.weapons.find((weapon) => weapon.id === action.weapon)?.ammo;
      return `With the ${glossary.weapon(action.weapon)}${ammo === undefined ? '' : ` (${ammo} ammo)`}`;
    }
    case 'object': {
      const name = objectName(action.object);
      if (view.you?.effect?.effect.kind === 'research-weakness') return `Research the ${name}`;
      if (underWay(view) !== 'pick-up') return `Drop the ${name}`;
      return view.you?.choosing?.chosen.object === undefined
        ? `Pick up the ${name}`
        : `Drop the ${name} in exchange`;
    }
    case 'card':
      return `Discard ${glossary.card(action.card, view.you)}`;
    case 'item':
      return `The ${glossary.item(action.item)}`;
    case 'option':
      return optionLabel(view, glossary, action.option);
    case 'done':
      if (view.you?.effect?.effect.kind === 'set-doors') return 'Leave the other doors as they are';
      if (view.you?.effect) return 'Decline';
      return 'Discard nothing more: keep the rest of your hand';
  }
}
