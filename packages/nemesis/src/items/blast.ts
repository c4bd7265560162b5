import { sufferSeriousWounds } from '../combat/wounds.js';
import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { targetRoom } from '../effects/ship.js';
import { injureIntruder } from '../intruders/intruder-injury.js';
import { capitalised } from '../intruders/intruders.js';
import { fireInjuries, weaknessesOfKindApply } from '../intruders/weaknesses.js';
import { destroyEggs, uncarriedEggs } from '../objects/heavy-objects.js';
import {
  announce,
  characterName,
  charactersIn,
  type Game,
  intrudersIn,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';

type Blast = EffectOf<'blast'>;

/**
 * A blast (the Grenade, the Molotov Cocktail) strikes everything in the room
 * it goes off in: the Intruder the thrower aims at takes the main injuries,
 * every other Intruder there the lesser ones, every character there (the
 * thrower too, if they stand there) its Serious Wounds, and it destroys
 * loose eggs, the Nest's own first, as Shoot does. Each Intruder's death
 * check follows, in the order of their ids.
 *
 * Choices where the rules are silent: a blast in a room with both Intruders
 * and loose eggs strikes both, as it strikes everything there. Breaking
 * eggs is an attempt to destroy them, so, as after a Shoot at them, the
 * thrower then makes a Noise roll where they stand.
 */

/** The Intruders the thrower may aim at: those in the room, when the blast has a main target. */
function aimable(game: Game, effect: Blast, number: number): number[] {
  return effect.target > 0 ? intrudersIn(game.state, number).map((intruder) => intruder.id) : [];
}

/**
 * Injures each Intruder of the room, keeping their death checks in the order
 * of their ids. A fiery blast's Injuries are Fire's: a Weakness to Fire adds
 * to each (Vulnerability to Fire).
 */
function injureAll(game: Game, effect: Blast, number: number, aimedAt: number | null): void {
  const { stack } = game.state;
  const mark = stack.length;
  const fireBonus = effect.fire ? fireInjuries(game) - 1 : 0;
  const struck = [...intrudersIn(game.state, number)].sort((first, second) => first.id - second.id);
  const burnt = struck.some(
    (intruder) => (intruder.id === aimedAt ? effect.target : effect.otherIntruders) > 0,
  );
  if (fireBonus > 0 && burnt)
    weaknessesOfKindApply(game, 'fire-injury', 'the fire hurts the Intruders more');
  for (const intruder of struck) {
    const injuries = intruder.id === aimedAt ? effect.target : effect.otherIntruders;
    injureIntruder(game, intruder, injuries > 0 ? injuries + fireBonus : 0);
  }
  // Each injury pushed its death check on top: turned round, the first struck is checked first.
  stack.splice(mark, stack.length - mark, ...stack.slice(mark).reverse());
}

function explode(
  game: Game,
  player: PlayerState,
  effect: Blast,
  number: number,
  aimedAt: number | null,
  source: string,
): void {
  announce(
    game,
    'blast',
    `${capitalised(source)} goes off in room ${number}, thrown by ${characterName(game, player)}`,
    { seat: player.seat, room: number, target: aimedAt },
  );
  const eggsBroken =
    effect.eggs > 0 && uncarriedEggs(game, number) > 0 && destroyEggs(game, number, effect.eggs);
  // The Noise roll comes last, once every death check below it has resolved.
  if (eggsBroken && player.status === 'active')
    schedule(game.state.stack, { kind: 'noise-roll', seat: player.seat, room: player.room });
  injureAll(game, effect, number, aimedAt);
  if (effect.characters.serious > 0)
    for (const character of charactersIn(game.state, number))
      sufferSeriousWounds(game, character, effect.characters.serious, source);
}

export const blast: EffectHandler<Blast> = {
  resolve(game, player, effect, step) {
    const number = targetRoom(player, effect.room, step);
    const targets = aimable(game, effect, number);
    if (targets.length > 1) return 'wait';
    explode(game, player, effect, number, targets[0] ?? null, step.source);
    return 'done';
  },
  question: {
    asks: 'choose-target',
    text: (_game, _player, effect, step) =>
      `${step.source}: which Intruder takes the full blast (${effect.target} injuries)?`,
    options: (game, player, effect, step) =>
      aimable(game, effect, targetRoom(player, effect.room, step)).map((target) => ({
        type: 'target',
        target,
      })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'target') return refuse('choose-target', 'name the Intruder to aim at');
      const number = targetRoom(player, effect.room, step);
      if (answer.target === 'eggs' || !aimable(game, effect, number).includes(answer.target))
        return refuse('no-such-target', `aim at an Intruder in room ${number}`);
      game.state.stack.pop();
      explode(game, player, effect, number, answer.target, step.source);
      return null;
    },
  },
};
