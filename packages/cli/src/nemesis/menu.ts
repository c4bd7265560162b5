import type { Describe } from '@tabletop/engine';
import type { NemesisAction, NemesisView } from '@tabletop/nemesis';

/**
 * A numbered menu of a seat's legal actions. The rules ask one choice at a
 * time (the action, then its room, its target, each card), so every legal
 * action is one line, in the words the ruleset gives it. Two answers that
 * read the same do the same thing (two Search cards, say): one line stands
 * for both.
 */
export interface Menu {
  question: string;
  options: MenuOption[];
}

export interface MenuOption {
  label: string;
  action: NemesisAction;
}

/** Combat first, then moving, then the rest (an Action card just before passing); passing last. Keeping the rest of a hand comes first. */
const typeOrder: Partial<Record<NemesisAction['type'], number>> = {
  done: -1,
  shoot: 0,
  melee: 1,
  move: 2,
  'careful-move': 3,
  'pick-up': 4,
  drop: 5,
  'play-card': 5,
  pass: 6,
};

export function buildMenu(
  question: string,
  actions: readonly NemesisAction[],
  view: NemesisView,
  describe: Describe<NemesisAction, NemesisView>,
): Menu {
  const options: MenuOption[] = [];
  const labels = new Set<string>();
  const ordered = [...actions].sort(
    (first, second) => (typeOrder[first.type] ?? 0) - (typeOrder[second.type] ?? 0),
  );
  for (const action of ordered) {
    const label = describe.action(action, view);
    if (labels.has(label)) continue;
    labels.add(label);
    options.push({ label, action });
  }
  return { question, options };
}
