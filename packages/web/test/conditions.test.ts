import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// The page's own module (JSX, outside the test project's compiler settings), loaded as the browser would.
const module = '../src/HoverCard.tsx';
const { Conditions } = (await import(module)) as {
  Conditions: (props: {
    parts: { text: string; holds: boolean | null }[];
    className: string;
    over?: boolean;
  }) => null;
};

const parts = [
  { text: 'The ship reaches Earth', holds: null },
  { text: 'You sent the Signal', holds: true },
  { text: 'You survive', holds: false },
];

describe("an Objective's conditions", () => {
  it('during the game, an open condition is not known yet', () => {
    const html = renderToStaticMarkup(createElement(Conditions, { parts, className: 'parts' }));
    expect(html).toContain('class="unknown"');
    expect(html).toContain('(not known yet)');
    expect(html).not.toContain('never decided');
  });

  it('once the game is over, an open condition says it was never decided, in words anyone sees', () => {
    const html = renderToStaticMarkup(
      createElement(Conditions, { parts, className: 'conditions', over: true }),
    );
    expect(html).toContain('class="undecided"');
    expect(html).toContain(
      '<span class="undecided-words"> (never decided: the game ended first)</span>',
    );
    expect(html).not.toContain('not known yet');
    // The decided ones read as before.
    expect(html).toContain('(met)');
    expect(html).toContain('(not met)');
  });
});
