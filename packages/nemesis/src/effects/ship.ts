import { drawCard } from '@tabletop/engine';
import { bleedOnPass } from '../combat/wounds.js';
import type { EffectOf } from '../content/effects.js';
import { injureIntruder } from '../intruders/intruder-injury.js';
import { weaknessesInForce, weaknessesOfKindApply } from '../intruders/weaknesses.js';
import { handSlotsOf, heavyThingsHeld } from '../items/hand-slots.js';
import { weaponCapacity } from '../items/weapon-capacity.js';
import { placeFire as placeFireMarker } from '../markers/markers.js';
import { announce, characterName, type Game, intrudersIn, room } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { IntruderState, PlayerState } from '../vocabulary/state.js';
import { type EffectStep, type RetreatStep, schedule } from '../vocabulary/steps.js';
import { reachedByComputer } from './conditions.js';
import type { EffectHandler } from './handler.js';

/** The room an effect acts on: the one picked by its `choose-room`, else the taker's own. */
export function targetRoom(player: PlayerState, which: 'own' | 'chosen', step: EffectStep): number {
  return which === 'chosen' && step.chosen !== null ? step.chosen : player.room;
}

export const sendSignal: EffectHandler<EffectOf<'send-signal'>> = {
  unavailable: (_game, player, _effect, step) =>
    player.signal ? refuse('signal-sent', `${step.source}: your Signal is already sent`) : null,
  resolve(game, player) {
    player.signal = true;
    announce(game, 'signal', `${characterName(game, player)} sends a Signal`, {
      seat: player.seat,
    });
    return 'done';
  },
};

export const removeMalfunction: EffectHandler<EffectOf<'remove-malfunction'>> = {
  unavailable: (game, player, effect, step) =>
    room(game.state, targetRoom(player, effect.room, step)).malfunction
      ? null
      : refuse('no-malfunction', `${step.source}: there is no Malfunction to repair there`),
  resolve(game, player, effect, step) {
    const number = targetRoom(player, effect.room, step);
    const target = room(game.state, number);
    if (!target.malfunction) return 'done';
    target.malfunction = false;
    announce(game, 'repaired', `The Malfunction in room ${number} is repaired`, { room: number });
    return 'done';
  },
};

export const removeFire: EffectHandler<EffectOf<'remove-fire'>> = {
  unavailable: (game, player, effect, step) =>
    room(game.state, targetRoom(player, effect.room, step)).fire
      ? null
      : refuse('no-fire', `${step.source}: there is no Fire to put out there`),
  resolve(game, player, effect, step) {
    const number = targetRoom(player, effect.room, step);
    const target = room(game.state, number);
    if (!target.fire) return 'done';
    target.fire = false;
    announce(game, 'fire-out', `The Fire in room ${number} is put out`, { room: number });
    return 'done';
  },
};

export const placeFire: EffectHandler<EffectOf<'place-fire'>> = {
  // A room holds one Fire marker at most: starting a fire where one burns changes nothing.
  unavailable: (game, player, effect, step) =>
    room(game.state, targetRoom(player, effect.room, step)).fire
      ? refuse('already-burning', `${step.source}: that room is already on fire`)
      : null,
  resolve(game, player, effect, step) {
    placeFireMarker(game, targetRoom(player, effect.room, step));
    return 'done';
  },
};

function retreatStep(intruder: IntruderState): RetreatStep {
  return { kind: 'retreat', intruder: intruder.id, from: intruder.room };
}

/**
 * The Intruders retreat, each along its own Event card. A Weakness
 * (Susceptibility to Phosphates) hurts them as they go; each death check
 * comes first, and one sent off by its death check does not retreat again.
 */
function driveOff(game: Game, intruders: readonly IntruderState[]): void {
  schedule(game.state.stack, ...intruders.map(retreatStep));
  const injuries = weaknessesInForce(game, 'retreat-effect-injures').reduce(
    (total, rule) => total + rule.injuries,
    0,
  );
  if (injuries > 0 && intruders.length > 0)
    weaknessesOfKindApply(game, 'retreat-effect-injures', 'the Intruders driven off are injured');
  for (const intruder of [...intruders].reverse()) injureIntruder(game, intruder, injuries);
}

/**
 * Each Intruder retreating draws its own Event card, so each is a Retreat
 * step. When one alone is driven off (the Fire Extinguisher), the taker
 * picks which, if there are several.
 */
export const intrudersRetreat: EffectHandler<EffectOf<'intruders-retreat'>> = {
  unavailable: (game, player, effect, step) =>
    effect.which === 'one' &&
    intrudersIn(game.state, targetRoom(player, effect.room, step)).length === 0
      ? refuse('no-intruder', `${step.source}: no Intruder is there to drive off`)
      : null,
  resolve(game, player, effect, step) {
    const fleeing = intrudersIn(game.state, targetRoom(player, effect.room, step));
    if (effect.which === 'one' && fleeing.length > 1) return 'wait';
    driveOff(game, fleeing);
    return 'done';
  },
  question: {
    asks: 'choose-target',
    text: (_game, _player, _effect, step) => `${step.source}: which Intruder retreats?`,
    options: (game, player, effect, step) =>
      intrudersIn(game.state, targetRoom(player, effect.room, step)).map((intruder) => ({
        type: 'target',
        target: intruder.id,
      })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'target')
        return refuse('choose-target', 'name the Intruder to drive off');
      const number = targetRoom(player, effect.room, step);
      const intruder = intrudersIn(game.state, number).find(
        (candidate) => candidate.id === answer.target,
      );
      if (!intruder) return refuse('no-such-target', `name an Intruder in room ${number}`);
      game.state.stack.pop();
      driveOff(game, [intruder]);
      return null;
    },
  },
};

export const noiseRoll: EffectHandler<EffectOf<'noise-roll'>> = {
  resolve(game, player) {
    schedule(game.state.stack, { kind: 'noise-roll', seat: player.seat, room: player.room });
    return 'done';
  },
};

/**
 * The weapons a reload can fill: of its type and not yet full. A weapon
 * that only its own card refills (the Revolver) takes no other reload; a
 * weapon some reload names (the Flamethrower, named by Chemicals) takes
 * only that one, and a reload that names a weapon fills nothing else.
 */
export function reloadable(game: Game, player: PlayerState, effect: EffectOf<'reload'>): string[] {
  const fillable = player.weapons.filter((weapon) => {
    const facts = game.tables.weapons.get(weapon.id);
    if (!facts || facts.type !== effect.weapon) return false;
    // The Revolver takes only its own card, which names it.
    if (facts.reloadedBy === 'own-card' && effect.only !== weapon.id) return false;
    if (effect.only !== undefined ? weapon.id !== effect.only : facts.reloadedBy === 'named')
      return false;
    return weapon.ammo < weaponCapacity(game.tables, player, weapon);
  });
  return [...new Set(fillable.map((weapon) => weapon.id))];
}

export function reloadWeapon(
  game: Game,
  player: PlayerState,
  effect: EffectOf<'reload'>,
  id: string,
): void {
  const weapon = player.weapons.find(
    (candidate) =>
      candidate.id === id && candidate.ammo < weaponCapacity(game.tables, player, candidate),
  )!;
  const capacity = weaponCapacity(game.tables, player, weapon);
  const before = weapon.ammo;
  weapon.ammo =
    effect.amount === 'full' ? capacity : Math.min(capacity, weapon.ammo + effect.amount);
  announce(
    game,
    'reload',
    `${characterName(game, player)} reloads the ${game.tables.weapons.get(id)!.name} (${before} to ${weapon.ammo} ammo)`,
    { seat: player.seat, weapon: id, ammo: weapon.ammo },
  );
}

/** A weapon never holds more than its capacity; with several to fill, the player names one. */
export const reload: EffectHandler<EffectOf<'reload'>> = {
  unavailable: (game, player, effect, step) =>
    reloadable(game, player, effect).length > 0
      ? null
      : refuse(
          'nothing-to-reload',
          `${step.source}: you have no ${effect.weapon} weapon short of ammo`,
        ),
  resolve(game, player, effect) {
    const weapons = reloadable(game, player, effect);
    if (weapons.length !== 1) return 'wait';
    reloadWeapon(game, player, effect, weapons[0]!);
    return 'done';
  },
  question: {
    asks: 'choose-weapon',
    text: (_game, _player, effect, step) =>
      `${step.source}: which ${effect.weapon} weapon to reload`,
    options: (game, player, effect) =>
      reloadable(game, player, effect).map((weapon) => ({ type: 'weapon', weapon })),
    answer(game, player, effect, _step, answer) {
      if (answer.type !== 'weapon') return refuse('choose-weapon', 'name a weapon to reload');
      if (!reloadable(game, player, effect).includes(answer.weapon))
        return refuse('wrong-weapon', `the ${answer.weapon} cannot be reloaded here`);
      game.state.stack.pop();
      reloadWeapon(game, player, effect, answer.weapon);
      return null;
    },
  },
};

/** Surgery: the hand, the discard pile and any known top cards go back into the deck, drawn at random. */
export const reshuffleActionCards: EffectHandler<EffectOf<'reshuffle-action-cards'>> = {
  resolve(game, player) {
    const deck = player.actionDeck;
    deck.drawPile.push(...deck.top, ...deck.bottom, ...player.hand, ...deck.discardPile);
    deck.top = [];
    deck.bottom = [];
    deck.discardPile = [];
    player.hand = [];
    announce(
      game,
      'reshuffle',
      `${characterName(game, player)} shuffles every Action card into the deck`,
      {
        seat: player.seat,
      },
    );
    return 'done';
  },
};

/** Ends the round at once, as a pass (bleeding included). */
export const pass: EffectHandler<EffectOf<'pass'>> = {
  resolve(game, player) {
    if (player.passed) return 'done';
    player.passed = true;
    bleedOnPass(game, player);
    announce(game, 'pass', `${characterName(game, player)} passes`, { seat: player.seat });
    return 'done';
  },
};

/** Who draws matters: the whole room, the others, or the taker alone. */
export const drawActionCards: EffectHandler<EffectOf<'draw-action-cards'>> = {
  unavailable: (_game, _player, effect, step) =>
    effect.who === 'chosen-in-room'
      ? refuse('not-built', `${step.source}: choosing who draws is not built yet`)
      : null,
  resolve(game, player, effect) {
    const who =
      effect.who === 'self'
        ? [player]
        : [
            ...game.state.players.filter(
              (other) =>
                other.status === 'active' &&
                other.room === player.room &&
                (effect.who === 'everyone-in-room' || other !== player),
            ),
            ...reachedByComputer(game, player, effect.alsoComputerRoomsWith),
          ];
    for (const character of who) {
      for (let count = 0; count < effect.count; count++) {
        const card = drawCard(character.actionDeck, game.state.random, {
          reshuffleWhenEmpty: true,
        });
        if (card !== undefined) character.hand.push(card);
      }
      announce(
        game,
        'draw',
        `${characterName(game, character)} draws ${effect.count} Action card(s)`,
        {
          seat: character.seat,
        },
      );
    }
    return 'done';
  },
};

/** The egg comes off the Intruder board into a free hand; the last one destroys the Nest. */
export const takeEgg: EffectHandler<EffectOf<'take-egg'>> = {
  unavailable(game, player, _effect, step) {
    if (game.state.nestEggs <= 0)
      return refuse('no-egg', `${step.source}: the Nest has no egg left`);
    if (heavyThingsHeld(game, player) >= handSlotsOf(game, player))
      return refuse('hands-full', `${step.source}: your hands are full; drop something first`);
    return null;
  },
  resolve(game, player) {
    game.state.nestEggs--;
    player.carried.push('egg');
    announce(game, 'pick-up', `${characterName(game, player)} takes an egg from the Nest`, {
      seat: player.seat,
      object: 'egg',
    });
    if (game.state.nestEggs === 0)
      announce(game, 'nest-destroyed', 'The last egg of the Nest is gone: the Nest is destroyed', {
        room: player.room,
      });
    return 'done';
  },
};
