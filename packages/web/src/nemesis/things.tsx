import type { KeyboardEvent, ReactNode } from 'react';
import { useHover } from '../HoverCard.tsx';
import { useWords } from '../words.ts';
import { activate, nameOf } from './common.ts';

/**
 * Arrow keys move the focus among a group's things (`[data-rove]`), so that a
 * panel full of cards is one stop of the Tab key, not twenty: Tab reaches the
 * group and the things offered by the question; the arrows, Home and End
 * reach every thing in it, and focus opens its hover card.
 */
export function roveKeys(event: KeyboardEvent<Element>): void {
  const step: Record<string, number> = {
    ArrowRight: 1,
    ArrowDown: 1,
    ArrowLeft: -1,
    ArrowUp: -1,
  };
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  if (!(event.key in step) && event.key !== 'Home' && event.key !== 'End') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement | SVGElement>('[data-rove]')];
  if (items.length === 0) return;
  event.preventDefault();
  const at = items.indexOf(document.activeElement as HTMLElement | SVGElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : at < 0
          ? 0
          : (at + (step[event.key] ?? 0) + items.length) % items.length;
  const item = items[next];
  if (!item) return;
  // Focus opens the thing's hover card, and a scroll closes it: the page scrolls first, if it must.
  const rect = item.getBoundingClientRect();
  if (rect.top >= 0 && rect.bottom <= innerHeight) {
    item.focus({ preventScroll: true });
    return;
  }
  item.scrollIntoView({ block: 'nearest' });
  requestAnimationFrame(() => requestAnimationFrame(() => item.focus({ preventScroll: true })));
}

/** The props of a group whose things the arrow keys move among. */
export function roveGroup(label: string) {
  return {
    tabIndex: 0,
    onKeyDown: roveKeys,
    'aria-label': label,
  };
}

/**
 * A thing with words in an HTML panel: its hover card on hover and focus,
 * reached by the arrow keys within its group, and a button when the question
 * offers it.
 */
export function HtmlThing({
  thing,
  className,
  choose,
  label,
  children,
  ...data
}: {
  thing: string;
  className?: string;
  /** The question offers it: clicking answers. */
  choose?: (() => void) | undefined;
  label?: string;
  children: ReactNode;
  [attribute: `data-${string}`]: string | number | undefined;
}) {
  const hover = useHover(thing);
  const classes = `thing${className ? ` ${className}` : ''}${choose ? ' offered' : ''}`;
  if (choose)
    return (
      <button
        type="button"
        className={classes}
        data-rove=""
        aria-label={label}
        {...data}
        {...hover}
        onClick={choose}
      >
        {children}
      </button>
    );
  return (
    <span className={classes} data-rove="" tabIndex={-1} {...data} {...hover}>
      {label ? <span aria-hidden="true">{children}</span> : children}
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}

/** A thing with words on the ship's map: an SVG group with its hover card and label from the words. */
export function SvgThing({
  thing,
  fallback,
  className,
  choose,
  describe,
  children,
  ...data
}: {
  thing: string;
  /** The plain name while no words have arrived. */
  fallback: string;
  className?: string;
  choose?: (() => void) | undefined;
  /** Words added to the name for a screen reader ("3 Noise"). */
  describe?: string;
  children: ReactNode;
  [attribute: `data-${string}`]: string | number | undefined;
}) {
  const hover = useHover(thing);
  const words = useWords();
  const name = nameOf(words, thing, fallback);
  return (
    <g
      className={`${className ?? ''}${choose ? ' offered' : ''}`}
      aria-label={describe ? `${name}, ${describe}` : name}
      data-rove=""
      {...data}
      {...hover}
      {...(choose ? activate(choose) : { tabIndex: -1, role: 'img' })}
    >
      {children}
    </g>
  );
}

/** A character's markers as chips: slime, the Signal sent and, where asked, a Larva inside. */
export function MarkerChips({
  player,
  larva = false,
}: {
  player: { slime: boolean; signal: boolean; larva: boolean };
  larva?: boolean;
}) {
  const words = useWords();
  const chip = (token: string, warn: boolean) => (
    <HtmlThing thing={`token:${token}`} className={warn ? 'chip warn' : 'chip'}>
      {nameOf(words, `token:${token}`, token)}
    </HtmlThing>
  );
  return (
    <>
      {player.slime && chip('slime', true)}
      {player.signal && chip('signal', false)}
      {larva && player.larva && chip('larva', true)}
    </>
  );
}
