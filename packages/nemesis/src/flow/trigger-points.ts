import type { Trigger } from '../content/effects.js';

/**
 * The trigger points the rules fire, each with the rule that stops there and
 * what it offers. A pack may only wait for one of these: a reaction, passive
 * or interrupt card at any other would never act, so the pack is refused at
 * load (effects/refuse-unhandled.ts). `start-of-turn` is in the vocabulary
 * but no rule fires it yet.
 */
export const triggerPoints: Readonly<Partial<Record<Trigger, string>>> = {
  'own-noise-roll':
    "movement/noise-roll.ts: a character's own Noise roll, before it resolves (item reactions)",
  'intruder-attack-on-you':
    "intruders/intruder-attack.ts: an Intruder's attack has struck (item reactions)",
  'surprise-attack-on-you':
    'intruders/intruder-attack.ts: a Surprise Attack has struck (an interrupt window)',
  'enter-room':
    'movement/movement.ts, movement/exploration.ts: a character enters a room (room passives)',
  'before-action-resolves':
    "player-phase/action-choice.ts: another player's action is about to resolve (an interrupt window)",
  'interruption-played':
    'player-phase/interrupts.ts: an Interruption was just played (an interrupt window)',
};

export const firedTriggers = Object.keys(triggerPoints) as Trigger[];
