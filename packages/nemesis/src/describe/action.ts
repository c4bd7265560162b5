import type { NemesisAction } from '../flow/actions.js';
import type { NemesisView } from '../views/view.js';
import { corridorLabel, type Glossary, intruderName, objectName, roomLabel } from './glossary.js';

/**
 * The words for an action, in parts: what it does, where its noise goes (for
 * Careful Movement) and which cards pay. A menu may ask the parts one after
 * another; `describeAction` puts them in one line.
 */
export interface ActionWords {
  what: string;
  noise?: string;
  /** The cards named, by name; absent when the action names none. */
  payment?: string;
}

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

/** The cards an action names, by the names the reader may see, in a stable order. */
export function cardNames(cards: readonly string[], view: NemesisView, glossary: Glossary): string {
  return cards
    .map((card) => glossary.card(card, view.you))
    .sort()
    .join(' + ');
}

export function actionWords(
  action: NemesisAction,
  view: NemesisView,
  glossary: Glossary,
): ActionWords {
  const payment = 'cards' in action ? cardNames(action.cards, view, glossary) : undefined;
  const paid = (what: string): ActionWords =>
    payment === undefined ? { what } : { what, payment };
  switch (action.type) {
    case 'choose-character': {
      const facts = glossary.tables.characters.get(action.character);
      const weapon = facts ? `, starts with the ${glossary.weapon(facts.startingWeapon)}` : '';
      return { what: `Play the ${glossary.character(action.character)}${weapon}` };
    }
    case 'choose-objective': {
      const summary = glossary.objectiveSummary(action.keep);
      return {
        what: `Keep ${glossary.objective(action.keep)}${summary ? ` (${summary})` : ''}`,
      };
    }
    case 'move':
      return paid(
        readerInCombat(view)
          ? `Escape to ${roomLabel(view, glossary, action.to)}, risking the Intruders' attacks`
          : `Move to ${roomLabel(view, glossary, action.to)}`,
      );
    case 'careful-move':
      return {
        ...paid(`Careful move to ${roomLabel(view, glossary, action.to)}`),
        noise: corridorLabel(view, action.noise),
      };
    case 'shoot': {
      const me = view.players.find((player) => player.seat === view.viewer);
      const ammo = me?.weapons.find((weapon) => weapon.id === action.weapon)?.ammo;
      return paid(
        `Shoot ${targetName(view, action.target)} with the ${glossary.weapon(action.weapon)}${ammo === undefined ? '' : ` (${ammo} ammo)`}`,
      );
    }
    case 'melee':
      return paid(`Melee attack on ${targetName(view, action.target)}`);
    case 'pick-up':
      return paid(
        `Pick up the ${objectName(action.object)}${action.drop ? ` (dropping the ${objectName(action.drop)})` : ''}`,
      );
    case 'drop':
      return { what: `Drop the ${objectName(action.object)} (free, not an action)` };
    case 'pass':
      return { what: 'Pass', payment: cardNames(action.discard, view, glossary) };
  }
}

/** One line for an action, as the reader's own view lets them see it. */
export function describeAction(
  action: NemesisAction,
  view: NemesisView,
  glossary: Glossary,
): string {
  const words = actionWords(action, view, glossary);
  if (action.type === 'pass')
    return words.payment ? `Pass and discard ${words.payment}` : 'Pass and discard nothing';
  const noise = words.noise === undefined ? '' : `, noise in ${words.noise}`;
  const payment =
    words.payment === undefined ? '' : words.payment ? ` — discard ${words.payment}` : ' (free)';
  return `${words.what}${noise}${payment}`;
}
