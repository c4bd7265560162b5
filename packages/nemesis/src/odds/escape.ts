import type { IntruderKind } from '../content/effects.js';
import type { AttackOutcome } from '../content/index.js';
import type { Tables } from '../content/tables.js';
import { type AttackDeckState, everyDraw } from './attack-deck.js';
import { clampProbability, Distribution } from './distribution.js';

/**
 * Exact odds of surviving an Escape: every Intruder in the room attacks the
 * escaping character once, in turn, each drawing from the Intruder Attack
 * deck as the earlier attacks left it. Followed as the rules code resolves
 * it: a Larva only infests; a card without the attacker's symbol misses;
 * wounds accumulate (a third Light Wound becomes a Serious one, and any wound
 * after the third Serious one kills); a Creeper that transforms attacks again
 * at once, as a Breeder, when the character holds no cards.
 *
 * Left out because they cannot change whether this character survives:
 * Contamination, Slime, a summoned Intruder (it does not attack now) and
 * wounds a Frenzy deals to others in the room. Assumed: a Breeder miniature
 * is free when a Creeper transforms.
 */
export interface EscapeQuestion {
  intruders: readonly IntruderKind[];
  seriousWounds: number;
  lightWounds: number;
  /** Cards in hand when the attacks come (after paying for the move). */
  hand: number;
  deck: AttackDeckState;
}

export interface EscapeOdds {
  intruders: IntruderKind[];
  p_survives: number;
  p_dies: number;
  /** For a survivor: Serious Wounds in all afterwards, with their chance (not conditioned on surviving). */
  serious_wounds_after: { serious: number; p: number }[];
}

interface Character {
  serious: number;
  light: number;
  dead: boolean;
}

const seriousWoundsToDie = 3;
const lightWoundsPerSerious = 3;

function sufferSerious(character: Character, count: number): void {
  for (let wound = 0; wound < count && !character.dead; wound++) {
    if (character.serious >= seriousWoundsToDie) character.dead = true;
    else character.serious++;
  }
}

function sufferLight(character: Character, count: number): void {
  for (let wound = 0; wound < count && !character.dead; wound++) {
    if (character.serious >= seriousWoundsToDie) {
      character.dead = true;
      return;
    }
    character.light++;
    if (character.light >= lightWoundsPerSerious) {
      character.light -= lightWoundsPerSerious;
      sufferSerious(character, 1);
    }
  }
}

/** What a hitting card does to the escaping character; returns the kind to attack again as, if any. */
function strike(character: Character, outcome: AttackOutcome, hand: number): IntruderKind | null {
  switch (outcome.kind) {
    case 'wound-or-die':
      if (character.serious >= outcome.dieIfSeriousAtLeast) character.dead = true;
      else sufferSerious(character, outcome.serious);
      return null;
    case 'wounds':
      sufferLight(character, outcome.light);
      sufferSerious(character, outcome.serious);
      return null;
    case 'transform':
      return outcome.surpriseAttackIfHandEmpty && hand === 0
        ? (outcome.into as IntruderKind)
        : null;
    case 'slime':
    case 'summon':
      return null;
  }
}

export function escapeOdds(tables: Tables, question: EscapeQuestion): EscapeOdds {
  for (const kind of question.intruders)
    if (!tables.intruderKinds.has(kind))
      throw new RangeError(`there is no Intruder kind "${kind}"`);
  const ends = new Distribution<Character>(
    (character) => `${character.dead}/${character.dead ? 0 : character.serious}`,
  );
  // `attackers` are the attacks still to come, the next first.
  const attack = (
    character: Character,
    attackers: readonly IntruderKind[],
    deck: AttackDeckState,
    p: number,
  ) => {
    const [attacker, ...rest] = attackers;
    if (attacker === undefined || character.dead) {
      ends.add(character, p);
      return;
    }
    if (attacker === 'larva') {
      attack(character, rest, deck, p);
      return;
    }
    for (const drawn of everyDraw(deck, 1, 'each')) {
      const card = drawn.cards[0];
      const facts = card === undefined ? undefined : tables.attackCards.get(card);
      const after = { ...character };
      let next = rest;
      if (facts?.attackers.includes(attacker)) {
        const again = strike(after, facts.outcome, question.hand);
        if (again) next = [again, ...rest];
      }
      attack(after, next, drawn.deck, p * drawn.p);
    }
  };
  attack(
    { serious: question.seriousWounds, light: question.lightWounds, dead: false },
    question.intruders,
    question.deck,
    1,
  );
  const entries = ends.entries();
  const dies = ends.chance((character) => character.dead);
  return {
    intruders: [...question.intruders],
    p_survives: clampProbability(1 - dies),
    p_dies: dies,
    serious_wounds_after: entries
      .filter((entry) => !entry.value.dead)
      .map((entry) => ({ serious: entry.value.serious, p: clampProbability(entry.p) }))
      .sort((left, right) => left.serious - right.serious),
  };
}
