import type { Entry, ReferenceSection } from '@tabletop/engine';
import type { InterruptTrigger, QuestTask, Trigger, Use } from '../content/effects.js';
import type { ContentPack } from '../content/index.js';
import { type TurnActionType, turnActionTypes } from '../vocabulary/actions.js';
import { describeCondition } from './condition.js';
import { coordinatesText, destinationName } from './destinations.js';
import { describeEffect } from './effect.js';
import { capitalise, type Glossary, plural } from './glossary.js';
import { type ThingKey, thingKey } from './keys.js';
import { describeModifier } from './modifier.js';

/** A sentence from the pack's summaries, which are written lower-case to sit inside a line. */
function sentence(words: string): string {
  const trimmed = words.trim();
  return `${capitalise(trimmed)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}

function entry(key: ThingKey, fields: Omit<Entry, 'key'>): Entry {
  return { key, ...fields };
}

function cards(count: number): string {
  return plural(count, 'card');
}

const combatTag = {
  'in-combat': 'Only in Combat',
  'out-of-combat': 'Not in Combat',
  any: 'Combat',
} as const;

/** The same marks inside a line. */
const combatTerms = {
  'in-combat': 'only in Combat',
  'out-of-combat': 'not in Combat',
  any: 'in Combat or not',
} as const;

const triggerWords: Record<Trigger, string> = {
  'own-noise-roll': 'when you roll for Noise',
  'intruder-attack-on-you': 'when an Intruder attacks you',
  'surprise-attack-on-you': 'when a Surprise Attack strikes you',
  'enter-room': 'when you enter a room',
  'start-of-turn': 'at the start of your turn',
  'before-action-resolves': "when another player's action in your room is about to resolve",
  'interruption-played': 'when an Interruption is played',
};

/**
 * The turn's sequence, in our own words after the player aid. The keys of
 * the phases the view names (`phase:player`, `phase:event`) come first.
 */
function phaseEntries(glossary: Glossary): Entry[] {
  const { time, selfDestruct } = glossary.tables;
  const phase = (id: string, name: string, text: string, see: ThingKey[] = []): Entry =>
    entry(thingKey('phase', id), {
      name,
      kind: 'Turn sequence',
      text,
      ...(see.length ? { see } : {}),
    });
  return [
    phase(
      'draft',
      'Setting out',
      'Each player takes a character and two Objectives; the Objectives stay secret until the end.',
    ),
    phase(
      'player',
      'Player Phase',
      'Everyone draws up to their hand size, the First Player token passes on, then players take turns in order until all have passed.',
      [thingKey('phase', 'draw'), thingKey('phase', 'first-player'), thingKey('phase', 'turns')],
    ),
    phase(
      'draw',
      'Draw',
      'Each player draws Action cards until they hold 5 (or their hand size), reshuffling their discard pile when the deck runs out.',
    ),
    phase(
      'first-player',
      'First Player token',
      'The First Player token moves to the next player; that player starts each round of this phase.',
    ),
    phase(
      'turns',
      'Turns',
      'In order, each player takes 2 actions, or 1 action and then passes, or passes at once; whoever passes may discard any cards and sits out the rest of the phase, though they may still play Interruptions. A character ending a turn in a burning room takes a Light Wound.',
      [thingKey('action', 'pass')],
    ),
    phase(
      'event',
      'Event Phase',
      'The ship answers: time runs, the Intruders attack, burn, move and breed.',
      [
        thingKey('phase', 'time'),
        thingKey('phase', 'intruder-attack'),
        thingKey('phase', 'fire-damage'),
        thingKey('phase', 'event-card'),
        thingKey('phase', 'bag-development'),
      ],
    ),
    phase(
      'time',
      'Time passes',
      `The Time marker moves one space (${time.spaces} spaces in all; the hibernation chambers open after ${time.hibernationOpensAfter}, the ship jumps after ${time.jumpAfter}); the Self-Destruct marker moves too once it is running (the pods unlock after ${selfDestruct.yellowAfter}, the ship explodes after ${selfDestruct.explodesAfter}).`,
      [thingKey('track', 'time'), thingKey('track', 'self-destruct')],
    ),
    phase(
      'intruder-attack',
      'Intruder attacks',
      'Every Intruder in a room with characters attacks the one holding the fewest cards (ties go to the one nearest the First Player).',
      [thingKey('track', 'attack-deck')],
    ),
    phase(
      'fire-damage',
      'Fire damage',
      'Every Intruder in a burning room takes 1 Injury; a Fire in the Nest destroys 1 egg.',
      [thingKey('token', 'fire')],
    ),
    phase(
      'event-card',
      'Event card',
      'The top Event card is drawn: Intruders of the kinds it shows, not in Combat, move through the corridor of its number; then its effect happens.',
      [thingKey('track', 'event-deck')],
    ),
    phase(
      'bag-development',
      'The bag develops',
      'One token is drawn from the Intruder bag: Larvae grow into Adults, a Creeper into a Breeder, an Adult or Breeder sets everyone rolling for Noise, the Queen comes to whoever stands in the Nest (or lays an egg), a Blank adds an Adult.',
      [thingKey('track', 'bag')],
    ),
    phase(
      'over',
      'The end and the victory check',
      'When the ship jumps or is destroyed, or no character is left aboard and awake, the survivors are checked in order: the engines, the Coordinates, Contamination, then each one’s Objective.',
      [thingKey('track', 'engines'), thingKey('track', 'coordinates')],
    ),
  ];
}

/** Each turn action of the rules with what it costs and does; its key is the action's type. */
function actionEntries(glossary: Glossary): Entry[] {
  const roomAction = glossary.tables.roomActionCost;
  const words: Record<TurnActionType, { name: string; cost?: string; text: string }> = {
    move: {
      name: 'Move',
      cost: cards(1),
      text: 'Go to a neighbouring room through an open corridor; an unexplored room is explored, and an empty room calls for a Noise roll. From a room with Intruders this is an escape: each of them may attack as you leave.',
    },
    'careful-move': {
      name: 'Careful Move',
      cost: cards(2),
      text: 'Move without a Noise roll: you put a Noise marker in a corridor of your choice next to the room you enter. Not in Combat, nor when every such corridor already has noise.',
    },
    shoot: {
      name: 'Shoot',
      cost: cards(1),
      text: 'Spend 1 ammo and roll the Combat die at an Intruder in your room; a hit gives Injuries and a death check.',
    },
    melee: {
      name: 'Melee attack',
      cost: cards(1),
      text: 'Take a Contamination card, then roll the Combat die at an Intruder in your room; a miss means a Serious Wound.',
    },
    'pick-up': {
      name: 'Pick up',
      cost: cards(1),
      text: 'Take a Corpse, a Carcass or an Egg lying in your room into a free hand slot.',
    },
    drop: {
      name: 'Drop',
      text: 'Put down a heavy object or a Heavy Item; it is free and not an action.',
    },
    'room-action': {
      name: 'Room Action',
      cost: cards(roomAction),
      text: 'Use what your room offers; not in Combat, not while the room malfunctions.',
    },
    search: {
      name: 'Search',
      text: "Play a Search card: draw from the room's Item deck, keep one and lower the room's item counter. Not in Combat.",
    },
    'use-item': {
      name: 'Use an item',
      text: 'An item from your inventory does what its card says, for the cost the card shows; a one-use item is discarded.',
    },
    'play-card': {
      name: 'Play an Action card',
      text: 'Play a card of your hand for its effect, discarding as many more cards as it costs.',
    },
    trade: {
      name: 'Trade',
      cost: cards(1),
      text: 'Swap items with the characters in your room, who must agree; ammo is never traded. Not in Combat.',
    },
    craft: {
      name: 'Craft',
      cost: cards(1),
      text: 'Discard two items whose craft icons match a crafted item, and take that item (a crafted weapon comes loaded).',
    },
    'complete-quest': {
      name: 'Complete a quest',
      text: 'Do what your quest item asks; it turns face up and becomes an item. Its cost is on the card.',
    },
    pass: {
      name: 'Pass',
      text: 'End your part in this Player Phase; you may discard any cards first, Contamination included.',
    },
  };
  return turnActionTypes.map((type) => {
    const { name, cost, text } = words[type];
    return entry(thingKey('action', type), {
      name,
      kind: 'Action',
      ...(cost ? { cost } : {}),
      text,
    });
  });
}

function actionCardEntries(glossary: Glossary, pack: ContentPack): Entry[] {
  return pack.characters.characters.flatMap((character) =>
    character.actionDeck.map((card) => {
      const facts = glossary.tables.actionCards.get(card.id)!;
      const tags: string[] = [combatTag[facts.combat]];
      if (facts.interrupt) tags.push('Interruption');
      const when = facts.interrupt
        ? ` Played ${facts.answers.map((trigger: InterruptTrigger) => triggerWords[trigger]).join(', or ')}.`
        : '';
      return entry(thingKey('card', card.id), {
        name: card.name,
        kind: `Action card of the ${character.name}`,
        ...(facts.cost > 0 ? { cost: `${cards(facts.cost)} besides itself` } : {}),
        tags,
        text: `${sentence(facts.summary ?? (facts.play ? describeEffect(facts.play, glossary) : card.name))}${when}`,
        see: [thingKey('character', character.id)],
      });
    }),
  );
}

function contaminationEntry(): Entry {
  return entry(thingKey('card', 'contamination'), {
    name: 'Contamination',
    kind: 'Contamination card',
    text: 'A dead card in your Action deck: it does nothing and cannot pay for anything. A Scan tells whether it is INFECTED; at the end an infected survivor may die of it.',
  });
}

/**
 * What one use of an item does, with its cost and when. An item with one
 * action has it said by its summary: only the action's terms are added.
 */
function useWords(use: Use, only: boolean, glossary: Glossary): string {
  switch (use.kind) {
    case 'action': {
      const terms = `an action for ${cards(use.cost)}${use.combat === 'any' ? '' : `, ${combatTerms[use.combat]}`}`;
      return only
        ? `${capitalise(terms)}.`
        : `${sentence(describeEffect(use.effect, glossary))} (${terms})`;
    }
    case 'reaction':
      return `${capitalise(triggerWords[use.trigger])} you may: ${describeEffect(use.effect, glossary)}${use.cost > 0 ? ` (${cards(use.cost)})` : ''}.`;
    case 'triggered':
      return `${capitalise(triggerWords[use.trigger])}: ${describeEffect(use.effect, glossary)}.`;
    case 'modifier':
      return `While you hold it: ${describeModifier(use.modifier)}${use.while ? ` (while ${describeCondition(use.while)})` : ''}.`;
  }
}

/** The cost of an item's action: the first action use, as the card prints it. */
function itemCost(uses: readonly Use[]): string | undefined {
  const costs = uses.flatMap((use) =>
    use.kind === 'action' || use.kind === 'reaction' ? [use.cost] : [],
  );
  if (costs.length === 0) return undefined;
  const low = Math.min(...costs);
  const high = Math.max(...costs);
  return low === high ? cards(low) : `${low}-${high} cards`;
}

const colourWords = {
  red: 'Red (military) Item',
  yellow: 'Yellow (technical) Item',
  green: 'Green (medical) Item',
  blue: 'Crafted Item',
  quest: 'Quest Item',
} as const;

function itemEntries(glossary: Glossary, pack: ContentPack): Entry[] {
  const { tables } = glossary;
  return pack.items.items.map((item) => {
    const facts = tables.items.get(item.id)!;
    const tags: string[] = [];
    if (facts.heavy) tags.push('Heavy');
    if (facts.oneUse) tags.push('One use');
    if (facts.weapon) tags.push(`${capitalise(facts.weapon.type)} weapon`);
    const actions = facts.uses.filter((use) => use.kind === 'action').length;
    const lines = [
      sentence(facts.summary),
      ...facts.uses.map((use) => useWords(use, actions === 1, glossary)),
    ];
    if (facts.weapon) {
      const ammo = facts.weapon.arrivesFull
        ? 'arrives full'
        : `arrives with ${tables.searchedWeaponAmmo} ammo`;
      const rules = facts.weapon.rules.map(describeModifier);
      lines.push(
        `Weapon: capacity ${facts.weapon.capacity}, ${ammo}${rules.length ? `; ${rules.join('; ')}` : ''}.`,
      );
    }
    if (facts.recipe)
      lines.push(`Crafted from items with the ${facts.recipe.join(' and ')} icons.`);
    if (facts.icons.length > 0)
      lines.push(
        `Gives the ${facts.icons.join(' and ')} icon${facts.icons.length === 1 ? '' : 's'} to a Craft.`,
      );
    const see: ThingKey[] = [];
    if (facts.quest) {
      const owner = tables.characters.get(facts.quest.character);
      lines.push(
        `Quest of the ${owner?.name ?? 'character'}: starts beside the board; to turn it into an item, ${questTask(glossary, facts.quest.task)} (${cards(facts.quest.cost)}, not in Combat).`,
      );
      see.push(thingKey('character', facts.quest.character));
    }
    const cost = itemCost(facts.uses);
    return entry(thingKey('item', item.id), {
      name: facts.name,
      kind: colourWords[facts.colour],
      ...(cost ? { cost } : {}),
      ...(tags.length ? { tags } : {}),
      text: lines.join(' '),
      ...(see.length ? { see } : {}),
    });
  });
}

function questTask(glossary: Glossary, task: QuestTask): string {
  if (task.kind === 'activate-in-room') return `be in the ${glossary.tile(task.room)}`;
  return `give up ${task.items.map((item) => `the ${glossary.item(item)}`).join(' or ')}`;
}

function weaponEntries(glossary: Glossary, pack: ContentPack): Entry[] {
  const reloads = {
    any: 'Any reload of its type fills it.',
    named: 'Only a reload that names it fills it.',
    'own-card': "No room or item reloads it: only its owner's own card.",
  } as const;
  return [...glossary.tables.weapons.values()].map((weapon) => {
    const starting = pack.characters.characters.filter(
      (character) => character.startingWeapon === weapon.id,
    );
    const rules = weapon.rules.map(describeModifier);
    const who = starting.length
      ? `Starting weapon of the ${starting.map((character) => character.name).join(' and ')}. `
      : 'A weapon found or crafted as an Item. ';
    return entry(thingKey('weapon', weapon.id), {
      name: weapon.name,
      kind: `${capitalise(weapon.type)} weapon`,
      tags: [`Capacity ${weapon.capacity}`],
      text: `${who}Holds ${weapon.capacity} ammo; each shot spends 1. ${rules.length ? `${sentence(rules.join('; '))} ` : ''}${reloads[weapon.reloadedBy]}`,
      see: weapon.item
        ? [thingKey('item', weapon.id)]
        : starting.map((character) => thingKey('character', character.id)),
    });
  });
}

function tileEntries(glossary: Glossary, pack: ContentPack): Entry[] {
  const { tables } = glossary;
  const groups = { basic: 'Basic room', additional: 'Additional room', special: 'Special room' };
  return pack.rooms.rooms.map((tile) => {
    const facts = tables.roomTiles.get(tile.id)!;
    const lines = [sentence(tile.summary)];
    if (facts.action)
      lines.push(
        `Room Action: ${cards(tables.roomActionCost)}, not in Combat nor while the room malfunctions.`,
      );
    if (facts.passive)
      lines.push(
        facts.passive.kind === 'modifier'
          ? `By itself: ${describeModifier(facts.passive.modifier)}${facts.passive.while ? ` while ${describeCondition(facts.passive.while)}` : ''}.`
          : `By itself, ${triggerWords[facts.passive.trigger]}: ${describeEffect(facts.passive.effect, glossary)}.`,
      );
    if (facts.colour)
      lines.push(
        facts.colour === 'white'
          ? 'A Search here draws from an Item deck of your choice.'
          : `A Search here draws from the ${facts.colour} Item deck.`,
      );
    else lines.push('Nothing is searched here.');
    const tags: string[] = [];
    if (facts.computer) tags.push('Computer');
    if (facts.colour) tags.push(capitalise(facts.colour));
    if (facts.section) tags.push(`Escape Pods ${facts.section}`);
    if (facts.engine !== null) tags.push(`Engine ${facts.engine}`);
    if (facts.nest) tags.push('Nest');
    return entry(thingKey('tile', tile.id), {
      name: tile.name,
      kind: groups[facts.group],
      ...(facts.action ? { cost: `Room Action: ${cards(tables.roomActionCost)}` } : {}),
      ...(tags.length ? { tags } : {}),
      text: lines.join(' '),
    });
  });
}

function objectiveEntries(pack: ContentPack): Entry[] {
  return pack.objectives.cards.map((card) =>
    entry(thingKey('objective', card.id), {
      name: card.name,
      kind:
        card.type === 'solo-co-op' ? 'Solo/Co-op Objective' : `${capitalise(card.type)} Objective`,
      tags:
        card.type === 'solo-co-op'
          ? ['solo game', 'cooperative variant']
          : [
              card.minPlayers === card.maxPlayers
                ? `${card.minPlayers} players`
                : `${card.minPlayers}-${card.maxPlayers} players`,
            ],
      text: `${
        card.type === 'solo-co-op'
          ? `To win alone, survive and see that ${describeCondition(card.requirement)}; in a team, this is part of the team's goal, and any survivor can meet it.`
          : `To win, survive and see that ${describeCondition(card.requirement)}.`
      }${
        card.hibernationSafeAt && card.hibernationSafeAt.length > 1
          ? ` Hibernation is safe for you at ${card.hibernationSafeAt.map(destinationName).join(' or ')}.`
          : ''
      }`,
    }),
  );
}

function modeEntries(): Entry[] {
  const mode = (id: string, name: string, text: string, see: ThingKey[] = []): Entry =>
    entry(thingKey('mode', id), {
      name,
      kind: 'Game mode',
      text,
      ...(see.length ? { see } : {}),
    });
  return [
    mode(
      'standard',
      'The standard game',
      'Two to five players, each with a secret Corporate and a secret Personal Objective, keeping one at the First Encounter. Each survivor who meets their Objective wins on their own.',
    ),
    mode(
      'solo',
      'The solo game',
      'One player and one character. Instead of the Corporate and Personal decks, two Solo/Co-op cards are dealt; one is kept at the First Encounter. Item counters are halved, rounding up. Survive and meet the kept card to win; a game over before any Encounter counts either card.',
    ),
    mode(
      'cooperative',
      'The cooperative variant',
      "Two to five players win or lose together. Each is dealt one Solo/Co-op card, face up for all: the team's goal. The team wins when every card is met and at least one character survives. A card needing the Signal is met by any character who sent one; two such cards need two different senders.",
      [thingKey('mode', 'autodoc')],
    ),
    mode(
      'autodoc',
      'Revival (the AutoDoc)',
      "In the cooperative variant only: a dead character's Corpse brought into a working Emergency Room (no Intruder, no Malfunction) brings that character back there at the start of the next round, every Light Wound gone and every Serious Wound dressed, with the items it held. Corpse tokens are alike: the character dead the longest comes back first.",
      [thingKey('tile', 'emergency-room')],
    ),
  ];
}

function woundEntries(pack: ContentPack): Entry[] {
  return [
    ...pack.seriousWounds.cards.map((card) =>
      entry(thingKey('wound', card.id), {
        name: card.name,
        kind: 'Serious Wound',
        text: `${sentence(card.summary)} Dressed, it stops hurting but still counts; a third Serious Wound kills.`,
        see: [thingKey('wound', 'dressed')],
      }),
    ),
    entry(thingKey('wound', 'light'), {
      name: 'Light Wound',
      kind: 'Wound',
      text: 'A scratch marker on the character board; the third Light Wound becomes a Serious Wound.',
    }),
    entry(thingKey('wound', 'dressed'), {
      name: 'Dressed Serious Wound',
      kind: 'Wound',
      text: 'A Serious Wound bandaged: its effect stops, but it still counts toward death until healed.',
    }),
  ];
}

function weaknessEntries(pack: ContentPack): Entry[] {
  return pack.weaknesses.cards.map((card) =>
    entry(thingKey('weakness', card.id), {
      name: card.name,
      kind: 'Intruder Weakness',
      text: `${sentence(card.summary)} In force for everyone once revealed by research.`,
    }),
  );
}

const afterWords = {
  discard: 'it is discarded',
  'remove-and-reshuffle': 'it leaves the game and the Event deck is reshuffled',
  'shuffle-back': 'it is shuffled back into the Event deck',
} as const;

function eventEntries(glossary: Glossary): Entry[] {
  return [...glossary.tables.eventCards.values()].map((card) =>
    entry(thingKey('event', card.id), {
      name: card.name,
      kind: 'Event card',
      tags: [`Corridor ${card.corridor}`],
      text: `${card.movers.length ? `${card.movers.map((kind) => `${capitalise(kind)}s`).join(' and ')} not in Combat move through corridor ${card.corridor}. ` : ''}${sentence(card.summary)} Afterwards ${afterWords[card.after]}.`,
    }),
  );
}

/** "an Adult", "a Breeder": an Intruder kind with its article. */
function withArticle(kind: string): string {
  return `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${capitalise(kind)}`;
}

function orList(words: readonly string[]): string {
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

function attackEntries(pack: ContentPack, glossary: Glossary): Entry[] {
  return pack.intruderAttacks.cards.map((card) => {
    const facts = glossary.tables.attackCards.get(card.id)!;
    return entry(thingKey('attack', card.id), {
      name: card.name,
      kind: 'Intruder Attack card',
      tags: [facts.blood === 'retreat' ? 'Retreat' : `Blood ${facts.blood}`],
      text: `Hits when the attacker is ${orList(facts.attackers.map(withArticle))}: ${sentence(card.summary)} When drawn for a death check, ${facts.blood === 'retreat' ? 'the wounded Intruder retreats' : `its ${facts.blood} blood is compared with the Intruder's injuries`}.`,
    });
  });
}

function intruderKindEntries(pack: ContentPack, glossary: Glossary): Entry[] {
  const { bag } = glossary.tables;
  return pack.intruders.kinds.map((kind) => {
    const fixed = bag.fixed[kind.id] ?? 0;
    const each = bag.perPlayer[kind.id] ?? 0;
    const inBag =
      fixed + each > 0
        ? ` The bag starts with ${fixed}${each > 0 ? ` plus ${each} per player` : ''} of its tokens.`
        : '';
    const death =
      kind.deathCheck.kind === 'first-injury'
        ? 'It dies of its first Injury.'
        : `Each time it is hurt, ${plural(kind.deathCheck.cards, 'Attack card')} ${kind.deathCheck.cards === 1 ? 'is' : 'are'} drawn: it dies when the blood shown is no more than its Injuries.`;
    return entry(thingKey('intruder-kind', kind.id), {
      name: kind.name,
      kind: 'Intruder',
      text: `${death} ${kind.leavesCarcass ? 'Dead, it leaves a Carcass.' : 'It leaves no Carcass.'} At most ${kind.miniatures} on the board at once.${inBag}`,
    });
  });
}

function characterEntries(pack: ContentPack, glossary: Glossary): Entry[] {
  return pack.characters.characters.map((character) => {
    const quests = pack.items.items.filter((item) => item.quest?.character === character.id);
    return entry(thingKey('character', character.id), {
      name: character.name,
      kind: 'Character',
      text: `Starts with the ${glossary.weapon(character.startingWeapon)} and a deck of ${character.actionDeck.length} Action cards${quests.length ? `; quests: ${quests.map((item) => item.name).join(' and ')}` : ''}.`,
      see: [
        thingKey('weapon', character.startingWeapon),
        ...quests.map((item) => thingKey('item', item.id)),
      ],
    });
  });
}

function tokenEntries(glossary: Glossary): Entry[] {
  const { supplies } = glossary.tables;
  const token = (id: string, name: string, text: string) =>
    entry(thingKey('token', id), { name, kind: 'Marker', text });
  return [
    token(
      'fire',
      'Fire',
      `A burning room: whoever ends a turn there takes a Light Wound, and Intruders there take an Injury each Event Phase. There are ${supplies.fire}: when one more is needed and none is left, the ship is destroyed.`,
    ),
    token(
      'malfunction',
      'Malfunction',
      `A broken room: its Room Action and Computer are off until repaired. There are ${supplies.malfunction}: when one more is needed and none is left, the ship is destroyed.`,
    ),
    token(
      'noise',
      'Noise',
      'Something stirs in this corridor; a second noise in the same corridor brings an Encounter instead.',
    ),
    token(
      'door-closed',
      'Closed door',
      'Blocks moving and noise through its corridor; Intruders may break it.',
    ),
    token('door-destroyed', 'Destroyed door', 'A broken door: it no longer closes.'),
    token('slime', 'Slime', 'A slimed character: a Silence token counts as Danger for them.'),
    token('signal', 'Signal', 'This character sent the Signal from the Comms Room.'),
    token(
      'larva',
      'Larva',
      'A Larva inside the character: it skips the Scan at the end and makes the Contamination check.',
    ),
    token(
      'airlock',
      'Emergency Airlock',
      'A sealed room: whoever is inside when the Player Phase ends dies.',
    ),
    token('item-counter', 'Item counter', 'How many Searches are left in this room.'),
    token(
      'egg',
      'Egg',
      `An Intruder egg: a heavy object to carry, break or research. The Nest starts with ${glossary.tables.eggsAtStart}.`,
    ),
    token('corpse', 'Corpse', 'A dead character: a heavy object, researched for a Weakness.'),
    token('carcass', 'Carcass', 'A dead Intruder: a heavy object, researched for a Weakness.'),
  ];
}

/** What each kind of Exploration token does when its room is explored, in the rules' order. */
const explorationWords: Record<string, { name: string; text: string }> = {
  silence: {
    name: 'Silence',
    text: 'Nothing happens, and no Noise roll (a slimed character meets Danger instead).',
  },
  danger: {
    name: 'Danger',
    text: 'Intruders next door, not in Combat, come in; with none, Noise goes in every corridor of the room.',
  },
  slime: { name: 'Slime', text: 'The character takes a Slime marker, then rolls for Noise.' },
  fire: { name: 'Fire', text: 'A Fire marker in the room, then a Noise roll.' },
  malfunction: {
    name: 'Malfunction',
    text: 'A Malfunction marker in the room, then a Noise roll.',
  },
  doors: { name: 'Doors', text: 'A closed door in every corridor of the room, then a Noise roll.' },
};

/** The secret cards and tokens a seat may come to know: a Coordinates card, an Exploration token. */
function secretCardEntries(glossary: Glossary, pack: ContentPack): Entry[] {
  const coordinates = pack.tracks.coordinates.map((card) =>
    entry(thingKey('coordinates', card.id), {
      name: card.name,
      kind: 'Coordinates card',
      text: `Where each Destination space leads: ${coordinatesText(card.destinations)}.`,
      see: [thingKey('track', 'coordinates')],
    }),
  );
  const tokens = [...glossary.tables.explorationTokens.values()].map((token) => {
    const words = explorationWords[token.kind] ?? { name: token.kind, text: '' };
    return entry(thingKey('exploration', token.id), {
      name: words.name,
      kind: 'Exploration token',
      text: `${words.text} The room's item counter shows ${token.itemCounter}.`,
    });
  });
  return [...coordinates, ...tokens];
}

function trackEntries(glossary: Glossary, pack: ContentPack): Entry[] {
  const { time, selfDestruct, destination, pods, weaknessesDrawn } = glossary.tables;
  const track = (id: string, name: string, text: string) =>
    entry(thingKey('track', id), { name, kind: 'Track', text });
  const podSizes = pods.byPlayers
    .map(
      (band) =>
        `${band.minPlayers === band.maxPlayers ? band.minPlayers : `${band.minPlayers}-${band.maxPlayers}`} players: ${band.pods}`,
    )
    .join(', ');
  return [
    track(
      'time',
      'Time track',
      `The Time marker moves one space each Event Phase: ${time.spaces} spaces in all. After ${time.hibernationOpensAfter} it reaches the blue spaces and the hibernation chambers open; after ${time.jumpAfter} the ship jumps and the game ends.`,
    ),
    track(
      'hibernation',
      'Hibernation',
      `Once the Time marker has moved ${time.hibernationOpensAfter} spaces, a character in the Hibernatorium may lie down to sleep through the jump: they survive if the ship is not destroyed and reaches a safe destination.`,
    ),
    track(
      'self-destruct',
      'Self-destruct track',
      `Once started, its marker moves each Event Phase; after ${selfDestruct.yellowAfter} moves it reaches the yellow spaces and every Escape Pod unlocks; after ${selfDestruct.explodesAfter} the ship explodes.`,
    ),
    track(
      'destination',
      'Destination',
      `The marker stands on ${destination.spaces.join(', ')} (it starts on ${destination.start}); the Coordinates card says where each space leads.`,
    ),
    track(
      'coordinates',
      'Coordinates',
      `A secret card, read in the Cockpit, telling where each Destination space leads (one of ${pack.tracks.coordinates.length}, for example ${coordinatesText(pack.tracks.coordinates[0]!.destinations)}). Anywhere but Earth, the sleepers die.`,
    ),
    track(
      'engines',
      'Engines',
      'Three engines, each with a secret top token: working or damaged. Checked in an Engine room; with two or more damaged at the end, the ship explodes.',
    ),
    track(
      'escape-pods',
      'Escape Pods',
      `Pods by table size (${podSizes}), ${pods.seats} seats each, locked at first; they unlock with the first death or the yellow self-destruct spaces. A launched pod flies home to Earth.`,
    ),
    track(
      'bag',
      'Intruder bag',
      'The tokens drawn at each Encounter and each bag development; which ones are inside is hidden, how many is not.',
    ),
    track(
      'event-deck',
      'Event deck',
      'One card each Event Phase: Intruders move, then something happens.',
    ),
    track(
      'attack-deck',
      'Intruder Attack deck',
      'Drawn when an Intruder attacks, and for its death check when it is hurt.',
    ),
    track(
      'nest',
      'Nest and eggs',
      `The Intruder board holds ${glossary.tables.eggsAtStart} eggs at the start; ${weaknessesDrawn} Weakness cards lie face down on it until researched.`,
    ),
  ];
}

/** The rules reference of a pack: the same for every reader, built once. */
export function buildReference(glossary: Glossary, pack: ContentPack): ReferenceSection[] {
  return [
    { id: 'turn', title: 'Turn sequence', entries: phaseEntries(glossary) },
    { id: 'actions', title: 'Actions', entries: actionEntries(glossary) },
    {
      id: 'action-cards',
      title: 'Action cards',
      entries: [...actionCardEntries(glossary, pack), contaminationEntry()],
    },
    { id: 'items', title: 'Items', entries: itemEntries(glossary, pack) },
    { id: 'weapons', title: 'Weapons', entries: weaponEntries(glossary, pack) },
    { id: 'rooms', title: 'Rooms', entries: tileEntries(glossary, pack) },
    { id: 'objectives', title: 'Objectives', entries: objectiveEntries(pack) },
    { id: 'modes', title: 'Game modes', entries: modeEntries() },
    { id: 'wounds', title: 'Wounds', entries: woundEntries(pack) },
    { id: 'weaknesses', title: 'Weaknesses', entries: weaknessEntries(pack) },
    { id: 'events', title: 'Event cards', entries: eventEntries(glossary) },
    { id: 'attacks', title: 'Intruder Attack cards', entries: attackEntries(pack, glossary) },
    { id: 'intruders', title: 'Intruders', entries: intruderKindEntries(pack, glossary) },
    { id: 'characters', title: 'Characters', entries: characterEntries(pack, glossary) },
    { id: 'tokens', title: 'Markers', entries: tokenEntries(glossary) },
    { id: 'tracks', title: 'Tracks and decks', entries: trackEntries(glossary, pack) },
    {
      id: 'secret-cards',
      title: 'Coordinates cards and Exploration tokens',
      entries: secretCardEntries(glossary, pack),
    },
  ];
}

/** The reference by key, for the words about things to build on. */
export function referenceByKey(sections: readonly ReferenceSection[]): Map<string, Entry> {
  return new Map(sections.flatMap((section) => section.entries.map((item) => [item.key, item])));
}
