import { faceWords } from '../combat/weapon-rules.js';
import type { Modifier } from '../content/effects.js';
import { capitalise } from './glossary.js';

function injuries(amount: number): string {
  return `${amount} Injur${amount === 1 ? 'y' : 'ies'}`;
}

function kinds(ids: readonly string[]): string {
  const names = ids.map((id) => `${capitalise(id)}s`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What a lasting rule changes, in a line: a weapon's, a wound's, a Weakness's or an item's. */
export function describeModifier(modifier: Modifier): string {
  switch (modifier.kind) {
    case 'escape-cost':
      return `leaving Combat costs ${modifier.extra} more card${modifier.extra === 1 ? '' : 's'}`;
    case 'item-action-cost':
      return `every item action costs ${modifier.extra} more card${modifier.extra === 1 ? '' : 's'}`;
    case 'hand-size':
      return `you draw up to ${modifier.size} cards`;
    case 'light-wound-on-pass':
      return `passing costs you ${modifier.light} Light Wound${modifier.light === 1 ? '' : 's'}`;
    case 'hand-slots':
      return `${modifier.slots} hand slot${modifier.slots === 1 ? '' : 's'} only`;
    case 'face-counts-as':
      return `${faceWords(modifier.from)} counts as ${faceWords(modifier.to)}${modifier.against ? ` against ${kinds(modifier.against)}` : ''}`;
    case 'extra-injury': {
      const weapons = modifier.weapon ? ` from ${modifier.weapon} weapons` : '';
      return modifier.when === 'wounding-hit'
        ? `+${injuries(modifier.amount)} on every hit${weapons}`
        : `+${injuries(modifier.amount)} on ${(modifier.faces ?? []).map(faceWords).join(' or ')}${weapons}`;
    }
    case 'minimum-injury':
      return `any face but ${modifier.exceptFaces.map(faceWords).join(' or ')} deals at least ${injuries(modifier.amount)}`;
    case 'combat-reroll':
      return `you may roll the Combat die again ${modifier.times === 1 ? 'once' : `${modifier.times} times`}`;
    case 'fire-on-face':
      return `${modifier.faces.map(faceWords).join(' or ')} sets the room on fire`;
    case 'fire-injury':
      return `Fire deals Intruders ${modifier.extra} more Injur${modifier.extra === 1 ? 'y' : 'ies'}`;
    case 'surprise-attack-number':
      return `the number a hand is compared with for a Surprise Attack changes by ${modifier.change} (never below ${modifier.minimum})`;
    case 'doors-broken-by':
      return `only ${kinds(modifier.intruders)} break closed doors`;
    case 'retreat-effect-injures':
      return `an Intruder driven off takes ${injuries(modifier.injuries)} as it flees`;
    case 'attack-wounds-lighter':
      return `attacks by ${kinds(modifier.attackers)} give Light Wounds instead of Serious ones, and never kill`;
    case 'kill-threshold':
      return `Intruders die with ${Math.abs(modifier.change)} ${modifier.change < 0 ? 'less' : 'more'} blood`;
    case 'bespoke':
      return modifier.rule.replaceAll('-', ' ');
  }
}
