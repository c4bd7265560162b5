import { discardCard, drawCard, drawFromBag, putInBag } from '@tabletop/engine';
import { killCharacter } from '../combat/death.js';
import { sufferLightWounds, sufferSeriousWounds } from '../combat/wounds.js';
import type { AttackOutcome } from '../content/schema.js';
import { fireTrigger } from '../flow/trigger-points.js';
import {
  announce,
  characterName,
  charactersIn,
  type Game,
  playerOf,
  turnOrder,
} from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { IntruderState, PlayerState } from '../vocabulary/state.js';
import type { IntruderAttackStep } from '../vocabulary/steps.js';
import { schedule } from '../vocabulary/steps.js';
import {
  capitalised,
  intruderById,
  miniaturesLeft,
  placeIntruder,
  removeIntruder,
} from './intruders.js';
import { weaknessApplies, weaknessesInForce } from './weaknesses.js';

/**
 * Intruder Attack. An Intruder attacks one character in its room: the one
 * holding the fewest cards (Action and Contamination alike), ties going to
 * the First Player and then onwards in turn order; a Surprise Attack or an
 * Escape names its target instead. A Larva never draws a card: it leaps onto
 * its target's board, or, if a Larva is already there, only contaminates.
 * Anyone else draws an Intruder Attack card: unless the card shows the
 * attacker's symbol, the attack misses; if it does, the card's effect
 * strikes. The card's blood value plays no part here. Used cards go to the
 * discard pile, which is reshuffled when the deck runs out.
 *
 * Once an attack strikes (the card hit, or the Larva leaps), its target may
 * react before it takes effect: a reaction to an Intruder attack on you (the
 * Armor) can undo it whole.
 */

/** Who an Intruder in this room attacks in the Event Phase, or null when nobody is there. */
export function attackTarget(game: Game, number: number): PlayerState | null {
  let target: PlayerState | null = null;
  for (const player of turnOrder(game.state)) {
    if (player.status !== 'active' || player.room !== number) continue;
    // Strictly fewer: a tie keeps the one met first in turn order from the First Player.
    if (target === null || player.hand.length < target.hand.length) target = player;
  }
  return target;
}

/**
 * Contamination cards go to the Action discard pile, so they surface in the
 * hand later. Nothing happens once the deck is exhausted. The card's id is
 * not announced: it would tell whether the card is infected.
 */
export function giveContamination(game: Game, player: PlayerState, count: number): void {
  let given = 0;
  for (; given < count; given++) {
    const card = drawCard(game.state.contaminationDeck, game.state.random, {
      reshuffleWhenEmpty: true,
    });
    if (card === undefined) break;
    player.actionDeck.discardPile.push(card);
  }
  if (given > 0) {
    announce(
      game,
      'contamination',
      `${characterName(game, player)} receives ${given} Contamination card${given === 1 ? '' : 's'}`,
      {
        seat: player.seat,
        count: given,
      },
    );
  }
}

/** The Larva crawls onto its target; a target already carrying one only gets the Contamination card. */
function larvaInfests(game: Game, larva: IntruderState, target: PlayerState): void {
  if (target.larva) {
    announce(
      game,
      'larva-attack',
      `Larva #${larva.id} attacks ${characterName(game, target)}, who already carries a Larva`,
      {
        intruder: larva.id,
        seat: target.seat,
        infested: false,
      },
    );
  } else {
    removeIntruder(game, larva);
    target.larva = true;
    announce(game, 'larva-attack', `Larva #${larva.id} infests ${characterName(game, target)}`, {
      intruder: larva.id,
      seat: target.seat,
      infested: true,
    });
  }
  giveContamination(game, target, 1);
}

/** A card that kills a victim who already has this many Serious Wounds, and otherwise inflicts more. */
function woundOrDie(
  game: Game,
  attacker: IntruderState,
  victim: PlayerState,
  outcome: Extract<AttackOutcome, { kind: 'wound-or-die' }>,
  cause: string,
): void {
  // A Weakness can blunt it (The Way of Fighting): Light Wounds instead, and no death.
  const blunted = weaknessesInForce(game, 'attack-wounds-lighter').find(
    (rule) => rule.outcome === outcome.kind && rule.attackers.includes(attacker.kind),
  );
  if (blunted) weaknessApplies(game, blunted, 'Light Wounds instead of Serious ones');
  if (blunted) sufferLightWounds(game, victim, outcome.serious, cause);
  else if (victim.seriousWounds.length >= outcome.dieIfSeriousAtLeast)
    killCharacter(game, victim, cause);
  else sufferSeriousWounds(game, victim, outcome.serious, cause);
}

/**
 * The Creeper grows into the Breeder (keeping its injuries: it is the same
 * creature). With no Breeder miniature left it stays a Creeper and the card
 * does nothing more. Having grown, it strikes again at once if its target
 * holds no cards at all.
 */
function transform(
  game: Game,
  intruder: IntruderState,
  target: PlayerState,
  outcome: Extract<AttackOutcome, { kind: 'transform' }>,
): void {
  const into = outcome.into as IntruderState['kind'];
  if (miniaturesLeft(game, into) <= 0) {
    announce(
      game,
      'no-miniature',
      `${capitalised(intruder.kind)} #${intruder.id} cannot become a ${capitalised(into)}: none is left`,
      {
        intruder: intruder.id,
        kind: into,
      },
    );
    return;
  }
  const from = intruder.kind;
  intruder.kind = into;
  announce(
    game,
    'intruder-transforms',
    `${capitalised(from)} #${intruder.id} becomes a ${capitalised(into)}`,
    {
      intruder: intruder.id,
      from,
      into,
    },
  );
  if (outcome.surpriseAttackIfHandEmpty && target.status === 'active' && target.hand.length === 0) {
    announce(
      game,
      'surprise-attack',
      `Surprise Attack on ${characterName(game, target)}, who holds no cards`,
      {
        seat: target.seat,
        intruder: intruder.id,
      },
    );
    schedule(game.state.stack, {
      kind: 'intruder-attack',
      intruder: intruder.id,
      target: target.seat,
      surprise: true,
    });
  }
}

/**
 * Another Intruder joins from the bag into the attacker's room; it does not
 * attack this time. A Blank token goes back in the bag. When no miniature of
 * the drawn kind is left, the token goes back in the bag too (nothing came
 * out of it); otherwise it is set aside, as in an Encounter.
 */
function summon(game: Game, intruder: IntruderState): void {
  const { state } = game;
  const token = drawFromBag(state.bag, state.random);
  if (token === undefined) {
    announce(
      game,
      'empty-bag',
      `${capitalised(intruder.kind)} #${intruder.id} calls, but the Intruder bag is empty`,
    );
    return;
  }
  const kind = game.tables.intruderTokens.get(token)?.kind;
  if (kind === undefined || kind === 'blank') {
    putInBag(state.bag, token);
    announce(
      game,
      'summon',
      `${capitalised(intruder.kind)} #${intruder.id} calls, but nothing answers`,
      { intruder: intruder.id },
    );
    return;
  }
  const summoned = placeIntruder(game, kind, intruder.room);
  if (summoned) state.tokensAside.push(token);
  else putInBag(state.bag, token);
}

function resolveOutcome(
  game: Game,
  intruder: IntruderState,
  target: PlayerState,
  outcome: AttackOutcome,
  cause: string,
): void {
  switch (outcome.kind) {
    case 'wound-or-die':
      if (outcome.who === 'target') woundOrDie(game, intruder, target, outcome, cause);
      else
        for (const victim of charactersIn(game.state, intruder.room))
          woundOrDie(game, intruder, victim, outcome, cause);
      return;
    case 'wounds':
      sufferLightWounds(game, target, outcome.light, cause);
      sufferSeriousWounds(game, target, outcome.serious, cause);
      if (target.status === 'active') giveContamination(game, target, outcome.contamination);
      return;
    case 'slime':
      target.slime = true;
      announce(game, 'slime', `${characterName(game, target)} is covered in slime`, {
        seat: target.seat,
      });
      giveContamination(game, target, outcome.contamination);
      return;
    case 'transform':
      transform(game, intruder, target, outcome);
      return;
    case 'summon':
      summon(game, intruder);
      return;
  }
}

/** What a strike does: the Larva's leap, or the effect of the card that hit. */
function strike(
  game: Game,
  intruder: IntruderState,
  target: PlayerState,
  card: string | null,
): void {
  if (card === null) {
    larvaInfests(game, intruder, target);
    return;
  }
  const facts = game.tables.attackCards.get(card);
  if (facts)
    resolveOutcome(
      game,
      intruder,
      target,
      facts.outcome,
      `${facts.name} of ${capitalised(intruder.kind)} #${intruder.id}`,
    );
}

/**
 * An attack that struck waits for its target's reactions (the Armor may
 * undo it) when the target has one to offer, and a Surprise Attack for the
 * target's interrupt window (Nerves of Steel), asked first; otherwise it
 * strikes at once.
 */
function strikeOrWait(
  game: Game,
  step: IntruderAttackStep,
  intruder: IntruderState,
  target: PlayerState,
  card: string | null,
): void {
  const waiting: IntruderAttackStep = { ...step, struck: { card } };
  const points = step.surprise
    ? (['surprise-attack-on-you', 'intruder-attack-on-you'] as const)
    : 'intruder-attack-on-you';
  if (!fireTrigger(game, points, { seat: target.seat, room: target.room, waiting }))
    strike(game, intruder, target, card);
}

export const intruderAttack: Procedure<IntruderAttackStep> = {
  resolve(game, step) {
    const intruder = intruderById(game, step.intruder);
    const target = playerOf(game.state, step.target);
    // The attacker may have died or left, and the target may have died in an earlier attack.
    if (!intruder || !target || target.status !== 'active' || target.room !== intruder.room)
      return 'done';
    if (step.struck) {
      strike(game, intruder, target, step.struck.card);
      return 'done';
    }
    if (intruder.kind === 'larva') {
      strikeOrWait(game, step, intruder, target, null);
      return 'done';
    }
    const { attackDeck } = game.state;
    const card = drawCard(attackDeck, game.state.random, { reshuffleWhenEmpty: true });
    if (card === undefined) return 'done';
    discardCard(attackDeck, card);
    const facts = game.tables.attackCards.get(card);
    const hits = facts?.attackers.includes(intruder.kind) === true;
    const who = `${capitalised(intruder.kind)} #${intruder.id}`;
    announce(
      game,
      'intruder-attack',
      `${step.surprise ? 'Surprise Attack: ' : ''}${who} attacks ${characterName(game, target)} with ${facts?.name ?? card}: ${hits ? 'a hit' : 'a miss'}`,
      { intruder: intruder.id, seat: target.seat, card, hit: hits, surprise: step.surprise },
    );
    if (facts && hits) strikeOrWait(game, step, intruder, target, card);
    return 'done';
  },
};
