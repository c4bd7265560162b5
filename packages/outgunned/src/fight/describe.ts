import type { Describe, GameEvent, Prompt } from '@tabletop/engine';
import { describeDifficulty } from '../dice/difficulty.js';
import type { FightAction } from './actions.js';
import { exampleReactions } from './reaction-turn.js';
import { capitalized } from './rolling.js';
import { directorSeat } from './state.js';
import type { FightView } from './view.js';

/**
 * The words a person reads, from the reader's own view: the reader is the
 * seat the view belongs to (the one choosing an action, or reading a
 * prompt or the log). Nothing here reads the state, so nothing hidden can
 * slip into the words.
 */

function heroName(view: FightView, seat: string | undefined): string {
  return view.heroes.find((hero) => hero.seat === seat)?.name ?? String(seat);
}

function enemyName(view: FightView, id: string | undefined): string {
  return view.enemies.find((enemy) => enemy.id === id)?.name ?? String(id);
}

/**
 * An action names a weapon by its number on the acting Hero's sheet. Actions
 * are listed for the seat that chooses them, so the reader is that Hero;
 * another reader gets the number.
 */
function weaponName(view: FightView, index: number | undefined): string {
  const hero = view.heroes.find((candidate) => candidate.seat === view.viewer);
  if (index === undefined) return 'weapon';
  return hero?.weapons[index]?.name ?? `weapon ${index}`;
}

function pair(attribute: string, skill: string): string {
  return `${capitalized(attribute)}+${capitalized(skill)}`;
}

/** Adrenaline, going all out, a Spotlight: what the Hero puts into a roll. */
function boosts(action: { adrenaline: number; allOut: boolean; spotlight: boolean }): string[] {
  return [
    action.spotlight ? 'spending a Spotlight: an automatic Extreme success, no dice' : '',
    action.allOut ? 'going all out: +1 die, a Gamble' : '',
    action.adrenaline > 0 ? `+${action.adrenaline} Adrenaline` : '',
  ].filter(Boolean);
}

function count(number: number, one: string, many = `${one}s`): string {
  return `${number} ${number === 1 ? one : many}`;
}

function describeAllocation(
  action: Extract<FightAction, { type: 'spend-extras' }>,
  view: FightView,
): string {
  const parts = [
    action.damage > 0 ? `${action.damage} more Grit of damage` : '',
    action.counter > 0 ? count(action.counter, 'counter') : '',
    ...Object.entries(action.protect).map(
      ([seat, given]) =>
        `protect ${heroName(view, seat)}${given > 1 ? ` (${given} successes)` : ''}`,
    ),
    action.cool > 0 ? count(action.cool, 'Cool Action') : '',
    action.full > 0 ? count(action.full, 'Full Action') : '',
    action.quick > 0 ? count(action.quick, 'Quick Action') : '',
  ].filter(Boolean);
  return parts.length === 0
    ? 'Extra successes: spend none'
    : `Extra successes: ${parts.join(', ')}`;
}

function describeAction(action: FightAction, view: FightView): string {
  switch (action.type) {
    case 'attack': {
      const extras = [action.fullAuto ? 'Full Auto' : '', ...boosts(action)].filter(Boolean);
      return `Attack ${enemyName(view, action.enemy)} with the ${weaponName(view, action.weapon)} (${pair(action.attribute, action.skill)}${extras.length ? `, ${extras.join(', ')}` : ''})`;
    }
    case 'quick-action':
      switch (action.kind) {
        case 'approach':
          return `Quick Action: move closer to ${enemyName(view, action.enemy)}`;
        case 'withdraw':
          return `Quick Action: back away from ${enemyName(view, action.enemy)}`;
        case 'reload':
          return `Quick Action: reload the ${weaponName(view, action.weapon)}`;
        case 'take-mags':
          return `Quick Action: take a mag for the ${weaponName(view, action.weapon)} from ${enemyName(view, action.enemy)}`;
        case 'buy-mag':
          return `Quick Action: pay 1 Cash for a mag for the ${weaponName(view, action.weapon)}`;
        case 'push-friend-into-cover':
          return `Quick Action: push ${heroName(view, action.friend)} into partial cover`;
        case 'reach-partial-cover':
          return 'Quick Action: dive into partial cover';
        case 'leave-cover':
          return 'Quick Action: leave cover';
        case 'grab-or-toss':
          return 'Quick Action: grab or toss something';
      }
      break;
    case 'full-action':
      switch (action.kind) {
        case 'approach':
          return `Full Action: close in on ${enemyName(view, action.enemy)}`;
        case 'withdraw':
          return `Full Action: fall back from ${enemyName(view, action.enemy)}`;
        case 'take-total-cover':
          return 'Full Action: get behind total cover';
        case 'push-friend-into-total-cover':
          return `Full Action: push ${heroName(view, action.friend)} behind total cover`;
      }
      break;
    case 'cool-action':
      return `Cool Action: reach total cover together with ${heroName(view, action.friend)}`;
    case 'covering-fire':
      return `Covering Fire with the ${weaponName(view, action.weapon)} (whole turn, one mag)`;
    case 'collateral-action': {
      const extras = boosts(action);
      return `Another action: ${pair(action.attribute, action.skill)}${extras.length ? `, ${extras.join(', ')}` : ''} (the Director sets the difficulty)`;
    }
    case 'end-turn':
      return 'End the turn';
    case 'keep-roll':
      return 'Keep the roll';
    case 'reroll':
      return action.kind === 'reroll'
        ? 'Re-roll the loose dice (if not better, lose a success)'
        : action.kind === 'free-reroll'
          ? 'Free Re-roll the loose dice'
          : 'All In: re-roll again (if not better, lose every success)';
    case 'spend-extras':
      return describeAllocation(action, view);
    case 'stop-spending':
      return 'Take no more extra actions';
    case 'roll-reaction': {
      const extras = boosts(action);
      return `Roll the reaction${extras.length ? `, ${extras.join(', ')}` : ''}`;
    }
    case 'spend-spotlight':
      return 'Spend a Spotlight to save them';
    case 'let-fate-decide':
      return 'Let fate decide';
    case 'declare-reaction': {
      const reaction = action.reaction;
      let what: string;
      if (reaction === 'random') what = 'roll a die for one of the six reactions';
      else if (typeof reaction === 'number') {
        const example = exampleReactions[reaction - 1]!;
        what = `${example.what}: ${pair(example.attribute, example.skill)}`;
      } else what = pair(reaction.attribute, reaction.skill);
      const notes = [
        action.perHero ? 'a different reaction for each Hero' : '',
        action.autoPass?.length
          ? `${action.autoPass.map((one) => heroName(view, one)).join(', ')} out of reach`
          : '',
        action.ranges ? `everyone now at ${Object.values(action.ranges)[0]} range` : '',
      ].filter(Boolean);
      return `Reaction: ${what}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    }
    case 'set-difficulty':
      return `Difficulty ${describeDifficulty(action)}`;
    case 'bad-luck':
      return action.mags === 0
        ? 'No Bad Luck'
        : `Bad Luck: ${count(action.mags, 'spare mag')} lost`;
    case 'interrupt':
      return 'Interrupt the fight';
  }
  return (action as FightAction).type;
}

/** A prompt, named by who must answer it; "you" when the reader is that seat. */
function describePrompt(prompt: Prompt<FightAction>, view: FightView): string {
  const seatName = (seat: string) => (seat === directorSeat ? 'Director' : heroName(view, seat));
  const who = prompt.seats.map(seatName).join(', ');
  const reading = prompt.seats.length === 1 && prompt.seats[0] === view.viewer;
  const step = view.steps[view.steps.length - 1];
  switch (prompt.answer) {
    case 'save-from-death':
      if (step?.kind !== 'save-from-death') break;
      return `${who}: ${heroName(view, step.hero)} faces death. Spend a Spotlight to save them?`;
    case 'spend-extras':
      if (step?.kind !== 'spend-extras') break;
      return `${who}: spend ${count(step.units, 'extra Basic unit')} of successes (a Basic is 1, a Critical 3, an Extreme 9), all at once`;
    case 'roll-decision': {
      if (step?.kind !== 'roll') break;
      const whose = reading ? 'your' : `${heroName(view, step.rolling.hero)}'s`;
      return `${who}: ${whose} dice show ${step.rolling.roll.dice.join(' ')} against ${describeDifficulty(step.rolling.difficulty)}. Re-roll, or keep them?`;
    }
    case 'declare-reaction':
      if (step?.kind !== 'declare-reaction') break;
      return `${who}: ${enemyName(view, step.enemy)} acts. State its action and the Reaction Roll`;
  }
  return `${who}: ${prompt.text}`;
}

function describeEvent(event: GameEvent, _view: FightView): string {
  // Event texts are written as the rules resolve, one per audience (the
  // Director alone reads hidden Enemy Grit), and the log hands a reader
  // only the events meant for them.
  return event.text ?? event.type;
}

export const describeFight: Describe<FightAction, FightView> = {
  action: describeAction,
  prompt: describePrompt,
  event: describeEvent,
};
