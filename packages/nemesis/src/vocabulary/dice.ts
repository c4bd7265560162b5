import { rollFace } from '@tabletop/engine';
import type { CombatFace, NoiseFace } from '../content/schema.js';
import type { Game } from './game.js';

/** The Noise die (d10) and the Combat die (d6); results stacked by a scenario come first. */
export function rollNoiseDie(game: Game): NoiseFace {
  return (
    game.state.stackedRolls.noise.shift() ?? rollFace(game.state.random, game.tables.noiseFaces)
  );
}

export function rollCombatDie(game: Game): CombatFace {
  return (
    game.state.stackedRolls.combat.shift() ?? rollFace(game.state.random, game.tables.combatFaces)
  );
}
