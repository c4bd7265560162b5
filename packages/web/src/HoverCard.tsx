import {
  createContext,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Entry, useWords } from './words.ts';

/**
 * One hover card for everything that has words: a card in hand, an item, a
 * room on the map, a token, a track, an option of a choice. It opens on
 * hover and on keyboard focus, on tap on a touch screen, and closes on
 * Escape, so a player learns one gesture for the whole table.
 */

interface Shown {
  key: string;
  rect: DOMRect;
  /** Opened by a tap: stays until tapped again, Escape, or another tap. */
  pinned: boolean;
}

interface HoverControl {
  show(key: string, target: Element, pinned?: boolean): void;
  hide(key: string): void;
  shown: string | null;
}

const HoverContext = createContext<HoverControl | null>(null);

export const hoverCardId = 'hover-card';

export function HoverLayer({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const words = useWords();
  const show = useCallback((key: string, target: Element, pinned = false) => {
    setShown({ key, rect: target.getBoundingClientRect(), pinned });
  }, []);
  const hide = useCallback((key: string) => {
    setShown((before) => (before && before.key === key && !before.pinned ? null : before));
  }, []);
  useEffect(() => {
    if (!shown) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShown(null);
    };
    const away = () => setShown(null);
    addEventListener('keydown', close);
    addEventListener('scroll', away, true);
    addEventListener('resize', away);
    return () => {
      removeEventListener('keydown', close);
      removeEventListener('scroll', away, true);
      removeEventListener('resize', away);
    };
  }, [shown]);
  const control = useMemo(() => ({ show, hide, shown: shown?.key ?? null }), [show, hide, shown]);
  const entry = shown ? words.entry(shown.key) : null;
  return (
    <HoverContext.Provider value={control}>
      {children}
      {shown && entry && <HoverCardView entry={entry} rect={shown.rect} />}
    </HoverContext.Provider>
  );
}

/**
 * The handlers that give any element (HTML or SVG) its hover card. A null
 * key gives none.
 */
export function useHover(key: string | null) {
  const control = useContext(HoverContext);
  if (key === null || control === null) return {};
  const open = (event: MouseEvent<Element> | FocusEvent<Element>) =>
    control.show(key, event.currentTarget);
  return {
    'data-thing': key,
    'aria-describedby': control.shown === key ? hoverCardId : undefined,
    onMouseEnter: open,
    onMouseLeave: () => control.hide(key),
    onFocus: open,
    onBlur: () => control.hide(key),
    onPointerUp: (event: PointerEvent<Element>) => {
      if (event.pointerType === 'touch') control.show(key, event.currentTarget, true);
    },
  };
}

/**
 * A thing with words that is not itself a choice: focusable, so that the
 * keyboard reaches its card as the mouse does.
 */
export function Thing({
  thing,
  className,
  children,
}: {
  thing: string;
  className?: string;
  children: ReactNode;
}) {
  const hover = useHover(thing);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focus opens the thing's hover card
    <span className={className ? `thing ${className}` : 'thing'} tabIndex={0} {...hover}>
      {children}
    </span>
  );
}

function HoverCardView({ entry, rect }: { entry: Entry; rect: DOMRect }) {
  const card = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: rect.left, top: rect.bottom + 6 });
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return;
    const { width, height } = element.getBoundingClientRect();
    const left = Math.max(4, Math.min(rect.left, innerWidth - width - 4));
    const below = rect.bottom + 6;
    const top = below + height <= innerHeight - 4 ? below : Math.max(4, rect.top - height - 6);
    setPlace({ left, top });
  }, [rect]);
  return (
    <div
      ref={card}
      id={hoverCardId}
      role="tooltip"
      className="hover-card"
      style={{ left: place.left, top: place.top }}
    >
      <p className="hover-card-head">
        <strong>{entry.name}</strong> <span className="hover-card-kind">{entry.kind}</span>
      </p>
      {(entry.cost || (entry.tags && entry.tags.length > 0)) && (
        <p className="hover-card-tags">
          {entry.cost && <span className="hover-card-cost">{entry.cost}</span>}
          {entry.tags?.map((tag) => (
            <span key={tag} className="hover-card-tag">
              {tag}
            </span>
          ))}
        </p>
      )}
      <p className="hover-card-text">{entry.text}</p>
      {entry.state && <p className="hover-card-state">{entry.state}</p>}
      <Conditions parts={entry.parts} className="hover-card-parts" />
    </div>
  );
}

/**
 * A goal's conditions, each ticked, crossed or left open as the words tell
 * them: the hover card, your Objectives and the end screen draw them alike.
 * Once the game is over (`over`), a condition still open was never decided:
 * the game ended before the rules looked (the ship's destination when
 * nobody was left aboard, say), which the end screen says in words.
 */
export function Conditions({
  parts,
  className,
  over = false,
}: {
  parts: Entry['parts'];
  className: string;
  over?: boolean;
}) {
  if (!parts || parts.length === 0) return null;
  const unknown = over
    ? { className: 'undecided', mark: '\u2013', words: ' (never decided: the game ended first)' }
    : { className: 'unknown', mark: '?', words: ' (not known yet)' };
  return (
    <ul className={className}>
      {parts.map((part) => (
        <li
          key={part.text}
          className={part.holds === null ? unknown.className : part.holds ? 'holds' : 'fails'}
        >
          <span aria-hidden="true">
            {part.holds === null ? unknown.mark : part.holds ? '\u2713' : '\u2717'}
          </span>{' '}
          {part.text}
          {part.holds === null && over ? (
            <span className="undecided-words">{unknown.words}</span>
          ) : (
            <span className="visually-hidden">
              {part.holds === null ? unknown.words : part.holds ? ' (met)' : ' (not met)'}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
