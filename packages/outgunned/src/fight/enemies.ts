import type { Difficulty, DifficultyTier } from '../dice/difficulty.js';
import type { RangeBand } from './heroes.js';

export interface Enemy {
  id: string;
  name: string;
  /** Size of the Grit track. */
  grit: number;
  /** Boxes filled. */
  lost: number;
  /** Boxes (1-based) that give the Director 1 Adrenaline when filled. */
  hotBoxes: number[];
  attack: Difficulty;
  defense: DifficultyTier;
  /** The farthest band its attacks reach: Heroes beyond it may pass their reactions. */
  reach: RangeBand;
  defeated: boolean;
  /** A Hero took mags from it once it was defeated. */
  magsTaken: boolean;
}

export interface EnemyTemplate {
  grit: number;
  hotBoxes: number[];
  attack: Difficulty;
  defense: DifficultyTier;
}

const single = (tier: Difficulty['tier']): Difficulty => ({ tier, double: false });
const double = (tier: Difficulty['tier']): Difficulty => ({ tier, double: true });

/** The templates of the fact sheet. One record may stand for a whole group sharing one Grit track. */
export const enemyTemplates = {
  'goons-1': { grit: 6, hotBoxes: [], attack: single('basic'), defense: 'basic' },
  'goons-2': { grit: 6, hotBoxes: [], attack: double('basic'), defense: 'basic' },
  'goons-3': { grit: 9, hotBoxes: [], attack: double('basic'), defense: 'basic' },
  'goons-4': { grit: 9, hotBoxes: [], attack: single('critical'), defense: 'basic' },
  'goons-5': { grit: 12, hotBoxes: [], attack: single('critical'), defense: 'basic' },
  'bad-guys-1': { grit: 6, hotBoxes: [3], attack: single('critical'), defense: 'critical' },
  'bad-guys-2': { grit: 9, hotBoxes: [3, 7], attack: single('critical'), defense: 'critical' },
  'bad-guys-3': { grit: 6, hotBoxes: [2, 4], attack: double('critical'), defense: 'critical' },
  'bad-guys-4': { grit: 9, hotBoxes: [4, 8], attack: double('critical'), defense: 'critical' },
  'bad-guys-5': { grit: 12, hotBoxes: [3, 6, 9], attack: double('critical'), defense: 'critical' },
  'boss-1': { grit: 6, hotBoxes: [1, 3, 5], attack: single('extreme'), defense: 'critical' },
  'boss-2': { grit: 9, hotBoxes: [2, 5, 8], attack: single('extreme'), defense: 'critical' },
  'boss-3': { grit: 12, hotBoxes: [3, 6, 9], attack: single('extreme'), defense: 'critical' },
  'boss-4': { grit: 3, hotBoxes: [1, 2, 3], attack: single('extreme'), defense: 'extreme' },
  'boss-5': { grit: 6, hotBoxes: [2, 4, 6], attack: single('extreme'), defense: 'extreme' },
} as const satisfies Record<string, EnemyTemplate>;

export type EnemyTemplateName = keyof typeof enemyTemplates;
export const enemyTemplateNames = Object.keys(enemyTemplates) as EnemyTemplateName[];
