import { mustAct, takeRandom } from '@tabletop/engine';
import type { NemesisAction } from '../vocabulary/actions.js';
import { announce, type Game, playerOf, seatName } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { ChooseCharacterStep } from '../vocabulary/steps.js';
import { takeCharacter } from './setup.js';

/**
 * Character draft: in turn order from the first player, each player is
 * dealt two characters nobody has taken and keeps one; the other goes back.
 * The offer is public: it reveals nothing the rules keep secret.
 */
export const draftOfferSize = 2;

function charactersLeft(game: Game): string[] {
  const taken = new Set(game.state.players.map((player) => player.character));
  return [...game.tables.characters.keys()].filter((character) => !taken.has(character)).sort();
}

export const chooseCharacter: Procedure<ChooseCharacterStep> = {
  resolve(game, step) {
    if (playerOf(game.state, step.seat)!.character !== null) return 'done';
    if (step.offer.length === 0) {
      const pool = charactersLeft(game);
      while (step.offer.length < draftOfferSize && pool.length > 0)
        step.offer.push(takeRandom(pool, game.state.random)!);
      step.offer.sort();
    }
    return 'wait';
  },

  prompts(game, step) {
    return [
      mustAct<NemesisAction>(
        step.seat,
        'choose-character',
        `${seatName(game, step.seat)}: choose your character`,
        step.offer.map((character) => ({
          label: game.tables.characters.get(character)?.name ?? character,
          action: { type: 'choose-character', character },
        })),
      ),
    ];
  },

  legalActions(_game, step, seat) {
    return seat === step.seat
      ? step.offer.map((character) => ({ type: 'choose-character', character }))
      : [];
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `${seatName(game, step.seat)} is choosing a character`);
    if (action.type !== 'choose-character')
      return refuse('choose-character', 'choose your character first');
    if (!step.offer.includes(action.character)) {
      return refuse(
        'not-offered',
        `${action.character} is not offered; choose one of ${step.offer.join(', ')}`,
      );
    }
    const player = playerOf(game.state, seat)!;
    takeCharacter(game.tables, player, action.character);
    announce(
      game,
      'character-chosen',
      `${seatName(game, seat)} plays the ${game.tables.characters.get(action.character)!.name}`,
      {
        seat,
        character: action.character,
      },
    );
    return null;
  },
};
