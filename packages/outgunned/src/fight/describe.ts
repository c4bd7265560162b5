import type { Describe, Entry, GameEvent, Prompt, ReferenceSection } from '@tabletop/engine';
import { describeDifficulty, difficultyTiers } from '../dice/difficulty.js';
import { successTiers, unitsOfTier } from '../dice/successes.js';
import type { FightAction } from './actions.js';
import { type EnemyTemplate, enemyTemplateNames, enemyTemplates } from './enemies.js';
import {
  type Attribute,
  badBox,
  type Condition,
  conditionOfAttribute,
  conditions,
  coverKinds,
  gritBoxes,
  type Hero,
  maxAdrenaline,
  maxSpareMagsPerWeapon,
  maxSpotlight,
  type RangeBand,
  rangeBands,
  type Weapon,
  type WeaponKind,
  weaponKinds,
} from './heroes.js';
import { moveIsQuick, nextBand } from './range.js';
import { exampleReactions } from './reaction-turn.js';
import { capitalized } from './rolling.js';
import { directorSeat } from './state.js';
import type { EnemyView, FightView } from './view.js';
import { isExplosive, isFirearm, rangeModifier, usesMags, usualSkill } from './weapons.js';

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

// ------------------------------------------------------------ words about things

/**
 * The keys of the fight's words about things (the engine's `Entry`).
 *
 * From the reference (the same for every reader): `phase:action-turn`,
 * `phase:reaction-turn`, `condition:<condition>` and `condition:broken`,
 * `range:<band>`, `cover:<kind>`, `weapon-kind:<kind>`,
 * `enemy-template:<template>`, `difficulty:<tier>`, and the tracks
 * `track:grit`, `track:adrenaline`, `track:spotlight`,
 * `track:death-roulette`, `track:mags`.
 *
 * From the reader's view: `hero:<seat>`, `enemy:<id>`,
 * `weapon:<seat>:<index>` (a Hero's weapon by its place on the sheet, as
 * actions name it), `director`, `track:round`.
 */

function entry(key: string, fields: Omit<Entry, 'key'>): Entry {
  return { key, ...fields };
}

const conditionWords: Record<Condition, string> = {
  hurt: 'Hurt',
  nervous: 'Nervous',
  'like-a-fool': 'Like a Fool',
  distracted: 'Distracted',
  scared: 'Scared',
  tired: 'Tired',
};

const bandWords: Record<RangeBand, { name: string; reach: string }> = {
  melee: { name: 'Melee', reach: 'within arm’s reach, a couple of metres' },
  close: { name: 'Close', reach: 'a few steps to about ten metres' },
  medium: { name: 'Medium', reach: 'from about ten to fifty metres' },
  long: { name: 'Long', reach: 'from about fifty to three hundred metres' },
  'out-of-range': { name: 'Out of Range', reach: 'too far for almost any weapon' },
};

function weaponKindName(kind: WeaponKind): string {
  return kind === 'smg' ? 'SMG' : capitalized(kind.replaceAll('-', ' '));
}

function templateName(template: string): string {
  return template
    .split('-')
    .map((word) => capitalized(word))
    .join(' ');
}

/** "+1 die", "-2 dice", "no modifier". */
function diceWords(dice: number): string {
  if (dice === 0) return 'no modifier';
  return `${dice > 0 ? `+${dice}` : dice} ${Math.abs(dice) === 1 ? 'die' : 'dice'}`;
}

/** A weapon's dice at each band, from the fight's table: "+1 at Close, cannot at Long". */
function modifiersWords(kind: WeaponKind): string {
  return rangeBands
    .map((band) => {
      const modifier = rangeModifier(kind, band);
      const name = bandWords[band].name;
      if (modifier === null) return `cannot hit at ${name}`;
      return `${diceWords(modifier.dice)} at ${name}`;
    })
    .join(', ');
}

function buildFightReference(): ReferenceSection[] {
  const conditionEntries = [
    ...conditions.map((condition) => {
      const attribute = (Object.keys(conditionOfAttribute) as Attribute[]).find(
        (candidate) => conditionOfAttribute[candidate] === condition,
      );
      return entry(`condition:${condition}`, {
        name: conditionWords[condition],
        kind: 'Condition',
        text: attribute
          ? `-1 to every roll with ${capitalized(attribute)}. Taken when the bad box of the Grit track fills.`
          : 'No penalty by itself, but it counts toward being Broken.',
      });
    }),
    entry('condition:broken', {
      name: 'Broken',
      kind: 'Condition',
      text: 'Four Conditions at once: -1 to every roll.',
    }),
  ];
  const rangeEntries = rangeBands.map((band) => {
    const closer = nextBand(band, 'approach');
    const move =
      closer === null
        ? 'The closest band.'
        : moveIsQuick(band, closer)
          ? `Reaching ${bandWords[closer].name} from here is a Quick Action.`
          : `Moving in to ${bandWords[closer].name} takes a whole turn or an extra Full Action.`;
    return entry(`range:${band}`, {
      name: band === 'out-of-range' ? bandWords[band].name : `${bandWords[band].name} range`,
      kind: 'Range band',
      text: `${capitalized(bandWords[band].reach)}. ${move} Moving leaves any cover.`,
    });
  });
  const coverEntries = coverKinds.map((kind) =>
    entry(`cover:${kind}`, {
      name: kind === 'none' ? 'No cover' : `${capitalized(kind)} cover`,
      kind: 'Cover',
      text:
        kind === 'none'
          ? 'In the open.'
          : kind === 'partial'
            ? 'Something between the Hero and the fire; reached with a Quick Action.'
            : 'Out of the line of fire; reached with a Full Action, or a Cool Action for two.',
    }),
  );
  const weaponEntries = weaponKinds.map((kind) => {
    const tags = [
      usesMags(kind) ? 'Uses mags' : 'No mags',
      ...(isFirearm(kind) ? ['Firearm'] : []),
      ...(isExplosive(kind) ? ['Explosive'] : []),
    ];
    return entry(`weapon-kind:${kind}`, {
      name: weaponKindName(kind),
      kind: 'Weapon',
      tags,
      text: `Usually rolled with ${capitalized(usualSkill(kind))}. ${capitalized(modifiersWords(kind))}.${
        isFirearm(kind) ? ' Can go Full Auto or lay down Covering Fire, spending a mag.' : ''
      }${isExplosive(kind) ? ' Every use is a Gamble.' : ''}`,
    });
  });
  const enemyEntries = enemyTemplateNames.map((name) => {
    const template: EnemyTemplate = enemyTemplates[name];
    return entry(`enemy-template:${name}`, {
      name: templateName(name),
      kind: 'Enemy',
      text: `Grit ${template.grit}; Attack ${describeDifficulty(template.attack)}, Defense ${capitalized(template.defense)}.${
        template.hotBoxes.length > 0
          ? ` Filling box ${template.hotBoxes.join(', ')} of its Grit gives the Director 1 Adrenaline each.`
          : ''
      }`,
    });
  });
  const difficultyEntries = difficultyTiers.map((tier) => {
    // A set of two equal dice is Basic; each die more climbs one tier.
    const setSize = successTiers.indexOf(tier) + 2;
    const cost =
      tier === 'impossible'
        ? 'failing a dangerous roll at this difficulty costs all Grit, and no Damage Control helps'
        : `failing a dangerous roll at this difficulty costs ${count(unitsOfTier[tier], 'Grit box', 'Grit boxes')}${tier === 'basic' ? '' : ', less what lower successes save'}`;
    return entry(`difficulty:${tier}`, {
      name: capitalized(tier),
      kind: 'Difficulty',
      text: `Needs ${setSize} dice alike (or lower successes three for one: worth ${count(unitsOfTier[tier], 'Basic unit')}); ${cost}.`,
    });
  });
  const tracks = [
    entry('track:grit', {
      name: 'Grit',
      kind: 'Track',
      text: `${gritBoxes} boxes. Filling box ${badBox} gives a Condition; filling the last gives Adrenaline. Past the last box: the Death Roulette.`,
    }),
    entry('track:adrenaline', {
      name: 'Adrenaline',
      kind: 'Track',
      text: `Up to ${maxAdrenaline}. Spend 1 for one more die, or to use a Feat.`,
    }),
    entry('track:spotlight', {
      name: 'Spotlight',
      kind: 'Track',
      text: `Up to ${maxSpotlight}. Spend one for an automatic Extreme success, or to save a friend left for dead.`,
    }),
    entry('track:death-roulette', {
      name: 'Death Roulette',
      kind: 'Track',
      text: 'Roll a die: above the bullets in the drum, the Hero lives and a bullet is added; otherwise they are left for dead, unless a friend spends a Spotlight.',
    }),
    entry('track:mags', {
      name: 'Mags',
      kind: 'Track',
      text: `One mag in the weapon and up to ${maxSpareMagsPerWeapon} spare for each weapon. A failed shot, Full Auto and Covering Fire each spend one; reloading is a Quick Action.`,
    }),
  ];
  const turns = [
    entry('phase:action-turn', {
      name: 'Action Turn',
      kind: 'Turn',
      text: 'Each Hero takes a free Quick Action and one Action Roll, in any order; an attack rolls against the Enemy’s Defense.',
    }),
    entry('phase:reaction-turn', {
      name: 'Reaction Turn',
      kind: 'Turn',
      text: 'The Director says what the Enemies do; every Hero makes a dangerous Reaction Roll against the Enemy’s Attack. Extra successes may counter or protect a friend.',
    }),
  ];
  return [
    { id: 'turns', title: 'Turns', entries: turns },
    { id: 'conditions', title: 'Conditions', entries: conditionEntries },
    { id: 'range', title: 'Range bands', entries: rangeEntries },
    { id: 'cover', title: 'Cover', entries: coverEntries },
    { id: 'weapons', title: 'Weapons', entries: weaponEntries },
    { id: 'enemies', title: 'Enemies', entries: enemyEntries },
    { id: 'difficulty', title: 'Difficulty', entries: difficultyEntries },
    { id: 'tracks', title: 'Tracks', entries: tracks },
  ];
}

const fightReference = buildFightReference();

function heroThing(view: FightView, hero: Hero): Entry {
  const state = [
    hero.status === 'left-for-dead' ? 'left for dead' : 'fighting',
    `Grit ${hero.grit}/${gritBoxes} filled`,
    `Adrenaline ${hero.adrenaline}`,
    `Spotlight ${hero.spotlight}`,
    hero.conditions.length > 0
      ? `Conditions: ${hero.conditions.map((condition) => conditionWords[condition]).join(', ')}${hero.conditions.length >= 4 ? ' (Broken)' : ''}`
      : 'no Condition',
    hero.cover === 'none' ? 'in the open' : `in ${hero.cover} cover`,
    ...Object.entries(hero.ranges).map(
      ([enemy, band]) => `${bandWords[band].name} from ${enemyName(view, enemy)}`,
    ),
    hero.cash > 0 ? `${hero.cash} Cash` : '',
    hero.lethalBullets > 0 ? `${count(hero.lethalBullets, 'bullet')} in the drum` : '',
  ].filter(Boolean);
  return entry(`hero:${hero.seat}`, {
    name: hero.seat === view.viewer ? `${hero.name}, you` : hero.name,
    kind: 'Hero',
    text: `Weapons: ${hero.weapons.map((weapon) => weapon.name).join(', ') || 'none'}.`,
    state: state.join('; '),
    ...(hero.conditions.length > 0
      ? { see: hero.conditions.map((condition) => `condition:${condition}`) }
      : {}),
  });
}

function enemyThing(enemy: EnemyView): Entry {
  const grit =
    enemy.grit === null
      ? 'its Grit is hidden by the Director'
      : `Grit ${enemy.lost ?? 0}/${enemy.grit} lost`;
  return entry(`enemy:${enemy.id}`, {
    name: enemy.name,
    kind: 'Enemy',
    text: `Attack ${describeDifficulty(enemy.attack)}, Defense ${capitalized(enemy.defense)}; its attacks reach ${bandWords[enemy.reach].name} range.`,
    state: enemy.defeated ? 'defeated' : grit,
    see: [`difficulty:${enemy.defense}`, `range:${enemy.reach}`],
  });
}

function weaponThing(view: FightView, hero: Hero, weapon: Weapon, index: number): Entry {
  const spare = hero.mags[weapon.kind] ?? 0;
  const state = usesMags(weapon.kind)
    ? `${weapon.loaded ? 'loaded' : 'empty'}, ${count(spare, 'spare mag')}`
    : 'needs no mags';
  const here = Object.entries(hero.ranges).flatMap(([enemy, band]) => {
    const modifier = rangeModifier(weapon.kind, band);
    const defeated = view.enemies.find((candidate) => candidate.id === enemy)?.defeated;
    if (defeated) return [];
    return [
      `${enemyName(view, enemy)} at ${bandWords[band].name}: ${modifier === null ? 'out of its reach' : diceWords(modifier.dice)}`,
    ];
  });
  return entry(`weapon:${hero.seat}:${index}`, {
    name: `the ${weapon.name}`,
    kind: `${weaponKindName(weapon.kind)} of ${hero.name}`,
    text: `${capitalized(modifiersWords(weapon.kind))}.`,
    state: [state, ...here].join('; '),
    see: [`weapon-kind:${weapon.kind}`],
  });
}

/** Words about what the reader's view shows: every Hero, Enemy and weapon, the Director. */
function fightThings(view: FightView): Record<string, Entry> {
  const things: Record<string, Entry> = {};
  for (const hero of view.heroes) {
    things[`hero:${hero.seat}`] = heroThing(view, hero);
    hero.weapons.forEach((weapon, index) => {
      things[`weapon:${hero.seat}:${index}`] = weaponThing(view, hero, weapon, index);
    });
  }
  for (const enemy of view.enemies) things[`enemy:${enemy.id}`] = enemyThing(enemy);
  things.director = entry('director', {
    name: 'The Director',
    kind: 'Director',
    text: 'Plays the Enemies and sets the difficulty of collateral actions.',
    state:
      view.director.adrenaline === null
        ? 'Adrenaline hidden'
        : `Adrenaline ${view.director.adrenaline}, to spend on Special Actions`,
  });
  things['track:round'] = entry('track:round', {
    name: 'Round',
    kind: 'Track',
    text: 'Action Turns and Reaction Turns alternate until one side is beaten or the fight stops.',
    state: `round ${view.round}, ${view.turn.kind === 'action' ? 'an Action Turn' : 'a Reaction Turn'}`,
  });
  return things;
}

export const describeFight: Describe<FightAction, FightView> = {
  action: describeAction,
  prompt: describePrompt,
  event: describeEvent,
  things: fightThings,
  reference: () => fightReference,
};
