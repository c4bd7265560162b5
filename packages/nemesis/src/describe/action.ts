import { faceWords } from '../combat/weapon-rules.js';
import type { InterruptTrigger } from '../content/effects.js';
import { itemDeckColours } from '../content/schema.js';
import { questTaskWords } from '../effects/handler-table.js';
import type { NemesisView } from '../views/view.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import { describeEffect, roomActionText } from './effect.js';
import {
  corridorLabel,
  type Glossary,
  intruderName,
  objectName,
  plural,
  roomLabel,
  seatName,
} from './glossary.js';

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

/** The reader's item offered at a trigger point, in the pack's words. */
function reactionLabel(view: NemesisView, glossary: Glossary): string | null {
  const offered = view.you?.reaction;
  if (!offered) return null;
  const use = glossary.tables.items
    .get(offered.item)
    ?.uses.find(
      (candidate) => candidate.kind === 'reaction' && candidate.trigger === offered.trigger,
    );
  const what = use && use.kind === 'reaction' ? `: ${describeEffect(use.effect, glossary)}` : '';
  const cost =
    use && use.kind === 'reaction' && use.cost > 0 ? ` (${plural(use.cost, 'card')})` : '';
  return `Use the ${glossary.item(offered.item)}${what}${cost}`;
}

/** A room named for the reader's waiting effect: where it moves them, where it is thrown. */
function effectRoomLabel(view: NemesisView, where: string): string | null {
  const effect = view.you?.effect?.effect;
  if (!effect) return null;
  if (effect.kind === 'move') return `Move to ${where}`;
  if (effect.kind === 'bespoke' && effect.rule === 'decoy') return `Throw the Decoy into ${where}`;
  if (effect.kind === 'choose-room')
    return effect.needsTarget ? `Throw it into ${where}` : `Choose ${where}`;
  return `Choose ${where}`;
}

/** An Intruder named for the reader's waiting effect: aimed at, struck, or driven off. */
function effectTargetLabel(view: NemesisView, target: string): string | null {
  switch (view.you?.effect?.effect.kind) {
    case 'blast':
      return `Aim at ${target}`;
    case 'injure-intruder':
      return `Strike ${target}`;
    case 'intruders-retreat':
      return `Drive off ${target}`;
    default:
      return null;
  }
}

/** The reader's shot waiting on a choice: roll again, or spend one more ammo. */
function shotChoiceLabel(view: NemesisView, glossary: Glossary, taking: boolean): string | null {
  const shot = view.you?.shot;
  if (!shot) return null;
  const weapon = glossary.weapon(shot.weapon);
  if (shot.asking === 'reroll')
    return taking
      ? `Roll again with the ${weapon} (it shows ${faceWords(shot.rolled)})`
      : `Keep ${faceWords(shot.rolled)}`;
  return taking
    ? `Spend one more ammo of the ${weapon} for +1 Injury`
    : 'Keep the ammo: no extra Injury';
}

/** What the reader answers in the Trade on top: a partner, an offer, or the exchange. */
function tradeQuestion(view: NemesisView): 'partner' | 'offer' | 'accept' | null {
  if (view.resolving.at(-1) !== 'trade' || !view.trade) return null;
  const stage = view.trade.exchange?.stage;
  if (stage === undefined) return 'partner';
  return stage === 'trader-offers' || stage === 'partner-offers' ? 'offer' : 'accept';
}

/** Items of an offer as the reader sees them: by name, or as items they cannot see. */
function offerWords(glossary: Glossary, items: readonly (string | null)[]): string {
  if (items.length === 0) return 'nothing';
  const named = items.filter((item) => item !== null).map((item) => `the ${glossary.item(item)}`);
  const unseen = items.length - named.length;
  if (unseen > 0) named.push(plural(unseen, named.length > 0 ? 'other item' : 'item'));
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** The exchange on offer, from the reader's side: what they give and what they receive. */
function exchangeLabel(view: NemesisView, glossary: Glossary): string {
  const trade = view.trade!;
  const exchange = trade.exchange!;
  const trader = view.viewer === trade.trader;
  const give = trader ? exchange.traderGives : exchange.partnerGives;
  const receive = trader ? exchange.partnerGives : exchange.traderGives;
  return `Accept the exchange: you give ${offerWords(glossary, give)}; you receive ${offerWords(glossary, receive)}`;
}

/** What an interrupt card played at a window of this trigger point does there. */
function interruptPurpose(trigger: InterruptTrigger): string {
  switch (trigger) {
    case 'before-action-resolves':
      return 'cancel the action (its cost stays paid)';
    case 'interruption-played':
      return 'cancel the Interruption';
    case 'surprise-attack-on-you':
      return 'ignore the Surprise Attack';
  }
}

/** An option of the reader's waiting effect, in the pack's words. */
function optionLabel(view: NemesisView, glossary: Glossary, option: number): string {
  const trading = tradeQuestion(view);
  if (trading === 'accept') return exchangeLabel(view, glossary);
  if (trading === 'partner') return `Trade with ${seatName(view, glossary, String(option))}`;
  const shot = shotChoiceLabel(view, glossary, option === 0);
  if (shot) return shot;
  const reaction = reactionLabel(view, glossary);
  if (reaction) return reaction;
  const search = view.you?.search;
  if (search && search.deck === null) return `Search the ${itemDeckColours[option] ?? option} deck`;
  const choosing = view.you?.choosing;
  if (choosing?.action === 'use-item' && choosing.chosen.item !== undefined) {
    const use = glossary.tables.items.get(choosing.chosen.item)?.uses[option];
    if (use?.kind === 'action')
      return `${describeEffect(use.effect, glossary)} (${plural(use.cost + itemActionExtra(view, glossary), 'card')})`;
  }
  if (view.resolving.at(-1) === 'consent') return 'Go: leave the room under their cover';
  const effect = view.you?.effect?.effect;
  if (effect?.kind === 'leave-room') {
    if (option === 0) return 'You leave';
    return `${seatName(view, glossary, String(option - 1))} leaves`;
  }
  if (effect?.kind === 'discard-action-cards')
    return `${seatName(view, glossary, String(option))} discards`;
  if (effect?.kind === 'choice' && effect.options[option])
    return describeEffect(effect.options[option], glossary);
  if (effect?.kind === 'optional') return `Yes: ${describeEffect(effect.effect, glossary)}`;
  if (effect?.kind === 'set-destination')
    return `Destination marker to space ${glossary.tables.destination.spaces[option] ?? option}`;
  if (effect?.kind === 'look-at-objective')
    return `Look at the Objectives of ${seatName(view, glossary, String(option))}`;
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

/** What the reader does with an item named as an answer: keep it, use it, or drop it. */
function itemLabel(view: NemesisView, glossary: Glossary, item: string): string {
  const name = glossary.item(item);
  const summary = glossary.tables.items.get(item)?.summary;
  if (view.you?.search) return `Keep the ${name}${summary ? ` (${summary})` : ''}`;
  const effect = view.you?.effect?.effect;
  if (effect?.kind === 'bespoke' && effect.rule === 'tape-heavy-items') return `Tape the ${name}`;
  if (tradeQuestion(view) === 'offer') return `Give the ${name}`;
  const doing = underWay(view);
  if (doing === 'use-item') return `Use the ${name}${summary ? `: ${summary}` : ''}`;
  const ingenuity = view.you?.effect?.effect;
  if (
    doing === 'craft' ||
    (ingenuity?.kind === 'bespoke' && ingenuity.rule === 'craft-with-yellow-as-tool')
  )
    return craftItemLabel(view, glossary, item);
  if (doing === 'complete-quest') return questItemLabel(view, glossary, item);
  if (doing === 'drop' || doing === 'pick-up' || view.resolving.at(-1) === 'drop-for-hand-slots')
    return `Drop the ${name} (it is discarded)`;
  return `The ${name}`;
}

/** An Action card to play: its name, what it does, and its cost beyond itself. */
function playCardLabel(view: NemesisView, glossary: Glossary, card: string): string {
  const facts = glossary.tables.actionCards.get(card);
  const summary = facts?.summary ? `: ${facts.summary}` : '';
  const cost =
    facts && facts.cost > 0 ? ` (and ${facts.cost} more card${facts.cost === 1 ? '' : 's'})` : '';
  return `Play ${glossary.card(card, view.you)}${summary}${cost}`;
}

/** An item named in the reader's Craft: the crafted item made, then each component given. */
function craftItemLabel(view: NemesisView, glossary: Glossary, item: string): string {
  const { crafted, given } = craftUnderWay(view);
  const facts = glossary.tables.items.get(item);
  if (crafted === undefined) {
    const recipe = facts?.recipe ? ` (from ${facts.recipe.join(' + ')})` : '';
    return `Craft the ${glossary.item(item)}${recipe}${facts ? `: ${facts.summary}` : ''}`;
  }
  const icon = glossary.tables.items.get(crafted)?.recipe?.[given];
  return `Discard the ${glossary.item(item)}${icon ? ` for its ${icon} icon` : ''}`;
}

/** The reader's Craft so far: by the Craft action, or by Ingenuity (the items named, crafted first). */
function craftUnderWay(view: NemesisView): { crafted?: string; given: number } {
  const effect = view.you?.effect;
  if (effect?.effect.kind === 'bespoke' && effect.effect.rule === 'craft-with-yellow-as-tool') {
    const items = effect.answered.flatMap((answer) =>
      answer.type === 'item' ? [answer.item] : [],
    );
    return items[0] === undefined ? { given: 0 } : { crafted: items[0], given: items.length - 1 };
  }
  const chosen = view.you?.choosing?.chosen;
  return chosen?.item === undefined
    ? { given: 0 }
    : { crafted: chosen.item, given: chosen.components?.length ?? 0 };
}

/** What a quest asks, from its card. */
function questWords(glossary: Glossary, item: string): string {
  const quest = glossary.tables.items.get(item)?.quest;
  return quest ? questTaskWords(glossary.tables, quest.task) : 'its quest';
}

/** An item named in the reader's quest: the quest completed, then the item given for it. */
function questItemLabel(view: NemesisView, glossary: Glossary, item: string): string {
  if (view.you?.choosing?.chosen.item !== undefined)
    return `Discard the ${glossary.item(item)} for the quest`;
  const summary = glossary.tables.items.get(item)?.summary;
  return `Complete the quest of the ${glossary.item(item)} (${questWords(glossary, item)})${summary ? `: ${summary}` : ''}`;
}

/** The reader's quests still to do, each with what it asks. */
function questsLabel(view: NemesisView, glossary: Glossary): string {
  const me = view.players.find((player) => player.seat === view.viewer);
  const quests = (me?.quests ?? []).map(
    (item) => `${glossary.item(item)}: ${questWords(glossary, item)}`,
  );
  return `Complete a quest; its item turns face up${quests.length > 0 ? ` (${quests.join('; ')})` : ''}`;
}

/** The reader's Search here: the room's deck and what is left to find. */
function searchLabel(view: NemesisView, glossary: Glossary): string {
  const me = view.players.find((player) => player.seat === view.viewer);
  const room = me ? view.rooms[me.room - 1] : undefined;
  const colour = room?.tile ? glossary.tables.roomTiles.get(room.tile)?.colour : null;
  const deck = colour === 'white' ? 'an Item deck of your choice' : `the ${colour} Item deck`;
  const left = room?.itemCounter ?? 0;
  return `Play a Search card: draw 2 from ${deck}, keep 1 (${left} item${left === 1 ? '' : 's'} left to find here)`;
}

/**
 * What the reader's undressed wounds add to every item action (a Hand
 * Wound), read from their own view: a dressed wound shows no card.
 */
function itemActionExtra(view: NemesisView, glossary: Glossary): number {
  const me = view.players.find((player) => player.seat === view.viewer);
  let extra = 0;
  for (const wound of me?.seriousWounds ?? []) {
    const effect = wound.card ? glossary.tables.seriousWounds.get(wound.card)?.effect : undefined;
    if (effect?.kind === 'item-action-cost') extra += effect.extra;
  }
  return extra;
}

/** The item action as the reader weighs it: each of their items with an action, and its cost. */
function useItemLabel(view: NemesisView, glossary: Glossary): string {
  const extra = itemActionExtra(view, glossary);
  const offers = [...new Set(view.you?.items ?? [])].flatMap((item) => {
    const costs = (glossary.tables.items.get(item)?.uses ?? []).flatMap((use) =>
      use.kind === 'action' ? [use.cost + extra] : [],
    );
    if (costs.length === 0) return [];
    const low = Math.min(...costs);
    const high = Math.max(...costs);
    const cost = low === high ? plural(low, 'card') : `${low}-${high} cards`;
    return [`${glossary.item(item)} (${cost})`];
  });
  return offers.length > 0 ? `Use an item: ${offers.join(', ')}` : 'Use an item';
}

/** Playing a card, as the reader weighs it: the cards of their hand, each with its cost beyond itself. */
function playCardChoiceLabel(view: NemesisView, glossary: Glossary): string {
  const cards = [...new Set(view.you?.hand ?? [])].flatMap((card) => {
    const facts = glossary.tables.actionCards.get(card);
    if (!facts || facts.play === null) return [];
    return [facts.cost > 0 ? `${facts.name} (+${plural(facts.cost, 'card')})` : facts.name];
  });
  const named = [...new Set(cards)];
  return named.length > 0
    ? `Play an Action card for its effect: ${named.join(', ')}`
    : 'Play an Action card for its effect';
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
      return 'Drop a heavy object or Heavy Item (free, not an action)';
    case 'room-action':
      return roomActionLabel(view, glossary);
    case 'search':
      return searchLabel(view, glossary);
    case 'use-item':
      return useItemLabel(view, glossary);
    case 'play-card':
      return playCardChoiceLabel(view, glossary);
    case 'trade':
      return 'Trade items with the characters in your room (1 card)';
    case 'craft':
      return 'Craft an item: discard two items whose craft icons make it';
    case 'complete-quest':
      return questsLabel(view, glossary);
    case 'pass':
      return 'Pass (you may discard cards)';
    case 'room': {
      const where = roomLabel(view, glossary, action.room);
      const effect = view.you?.effect?.effect;
      if (effect?.kind === 'peek-rooms') return `Secretly look at ${where}`;
      if (effect?.kind === 'bespoke' && effect.rule === 'emergency-airlock') return `Seal ${where}`;
      const forEffect = effectRoomLabel(view, where);
      if (forEffect) return forEffect;
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
      return (
        effectTargetLabel(view, targetName(view, action.target)) ??
        `Attack ${targetName(view, action.target)}`
      );
    case 'weapon': {
      const me = view.players.find((player) => player.seat === view.viewer);
      const held = me?.weapons.find((weapon) => weapon.id === action.weapon);
      const ammo = held === undefined ? '' : ` (${held.ammo}/${held.capacity} ammo)`;
      const name = glossary.weapon(action.weapon);
      const doing = view.you?.effect?.effect.kind;
      if (doing === 'reload') return `Reload the ${name}${ammo}`;
      if (doing === 'attach-to-weapon') return `Fit it to the ${name}${ammo}`;
      return `With the ${name}${ammo}`;
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
      if (view.interruptWindow)
        return `Play ${glossary.card(action.card, view.you)}: ${interruptPurpose(view.interruptWindow.trigger)}`;
      if (
        view.you?.choosing?.action === 'play-card' &&
        view.you.choosing.chosen.played === undefined
      )
        return playCardLabel(view, glossary, action.card);
      if (view.you?.effect?.effect.kind === 'scan-contamination')
        return `Scan ${glossary.card(action.card, view.you)}`;
      if (view.you?.reaction)
        return `Discard ${glossary.card(action.card, view.you)} to pay for the ${glossary.item(view.you.reaction.item)}`;
      return `Discard ${glossary.card(action.card, view.you)}`;
    case 'item':
      return itemLabel(view, glossary, action.item);
    case 'option':
      if (view.interruptWindow)
        return 'Pass, and pass every interrupt window for the rest of the game';
      return optionLabel(view, glossary, action.option);
    case 'done': {
      if (view.interruptWindow) return 'Pass: let it go ahead';
      if (view.you?.shot) return shotChoiceLabel(view, glossary, false)!;
      const trading = tradeQuestion(view);
      if (trading === 'partner') return 'End the trade';
      if (trading === 'offer') return 'Give nothing more';
      if (trading === 'accept') return 'Refuse the exchange: nothing changes hands';
      const effect = view.you?.effect?.effect;
      if (effect?.kind === 'discard-then-draw')
        return `Stop discarding and draw ${plural(effect.extra, 'card')}`;
      if (view.you?.reaction) return `Decline: keep the ${glossary.item(view.you.reaction.item)}`;
      if (view.resolving.at(-1) === 'consent') return 'Stay in the room';
      if (effect?.kind === 'leave-room') return 'Stay in the room';
      if (effect?.kind === 'set-doors') return 'Leave the other doors as they are';
      if (view.you?.effect) return 'Decline';
      return 'Discard nothing more: keep the rest of your hand';
    }
  }
}
