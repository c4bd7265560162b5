import { clonePlain, type Seat } from '@tabletop/engine';
import type { Enemy } from './enemies.js';
import type { Hero } from './heroes.js';
import { directorSeat, type FightRules, type FightState, type Step, type Turn } from './state.js';

/** An Enemy as a Hero sees it when the Director hides Enemy Grit. */
export type EnemyView = Omit<Enemy, 'grit' | 'lost' | 'hotBoxes'> & {
  grit: number | null;
  lost: number | null;
  hotBoxes: number[] | null;
};

export interface FightView {
  viewer: Seat | 'spectator';
  rules: FightRules;
  scene: string;
  round: number;
  turn: Turn;
  steps: Step[];
  heroes: Hero[];
  enemies: EnemyView[];
  director: { adrenaline: number | null };
  outcome: FightState['outcome'];
  /** Whether this view hides the Enemies' Grit. */
  enemyGritHidden: boolean;
}

/**
 * What a seat goes by when it decides: the parts of the fight every seat
 * sees in its view. A full state has them too, so a rule or a bot written
 * against the sight serves a seat's view and a re-dealt state alike.
 */
export type FightSight = Pick<FightView, 'rules' | 'turn' | 'steps' | 'heroes' | 'enemies'>;

/**
 * The only way out of the engine. Nobody sees the generator's state or the
 * dice stacked for tests (dice not yet rolled). When the Director hides
 * Enemy Grit, only the Director sees the Enemies' tracks and the Director's
 * Adrenaline (which hot boxes would give away).
 */
export function viewOf(state: FightState, viewer: Seat | 'spectator'): FightView {
  const hide = state.rules.hideEnemyGrit && viewer !== directorSeat;
  return {
    viewer,
    rules: clonePlain(state.rules),
    scene: state.scene,
    round: state.round,
    turn: clonePlain(state.turn),
    steps: clonePlain(state.steps),
    heroes: clonePlain(state.heroes),
    enemies: state.enemies.map((enemy) => ({
      ...clonePlain(enemy),
      grit: hide ? null : enemy.grit,
      lost: hide && !enemy.defeated ? null : enemy.lost,
      hotBoxes: hide ? null : [...enemy.hotBoxes],
    })),
    director: { adrenaline: hide ? null : state.director.adrenaline },
    outcome: state.outcome,
    enemyGritHidden: hide,
  };
}
