import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { LogLine } from './client.ts';
import { useHover } from './HoverCard.tsx';
import { keep, type LogFilter, type NameMatcher, nameMatcher } from './log-lines.ts';
import { useWords } from './words.ts';

function RuleLink({
  thing,
  open,
  children,
}: {
  thing: string;
  open: (key: string) => void;
  children: ReactNode;
}) {
  const hover = useHover(thing);
  return (
    <button type="button" className="rule-link" onClick={() => open(thing)} {...hover}>
      {children}
    </button>
  );
}

/** A line of text with each name of the reference a link to its entry. */
export function Linked({
  text,
  matcher,
  open,
}: {
  text: string;
  matcher: NameMatcher;
  open: (key: string) => void;
}) {
  if (!matcher.pattern) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(matcher.pattern)) {
    const key = matcher.keys.get(match[0]);
    if (!key || match.index === undefined) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <RuleLink key={`${match.index}`} thing={key} open={open}>
        {match[0]}
      </RuleLink>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

const filters: { id: LogFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'mine', label: 'Mine' },
  { id: 'combat', label: 'Combat' },
  { id: 'events', label: 'Events' },
];

/** The whole match's log, virtualised: only the lines in sight are drawn. */
export function Log({
  lines,
  seat,
  openRule,
}: {
  lines: LogLine[];
  seat: string;
  openRule: (key: string) => void;
}) {
  const [filter, setFilter] = useState<LogFilter>('all');
  const words = useWords();
  const matcher = useMemo(() => nameMatcher(words.sections), [words.sections]);
  const shown = useMemo(
    () => lines.filter((line) => keep(line, filter, seat)),
    [lines, filter, seat],
  );
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const list = useVirtualizer({
    count: shown.length,
    getScrollElement: () => box.current,
    estimateSize: () => 22,
    overscan: 8,
  });
  useEffect(() => {
    if (following.current && shown.length > 0)
      list.scrollToIndex(shown.length - 1, { align: 'end' });
  }, [shown.length, list]);
  return (
    <section className="log" aria-label="Log">
      <div className="log-head">
        <h2>Log</h2>
        <fieldset className="log-filters">
          <legend className="visually-hidden">Show</legend>
          {filters.map((each) => (
            <label key={each.id} className={filter === each.id ? 'on' : ''}>
              <input
                type="radio"
                name="log-filter"
                value={each.id}
                checked={filter === each.id}
                onChange={() => setFilter(each.id)}
              />
              {each.label}
            </label>
          ))}
        </fieldset>
      </div>
      <div
        ref={box}
        className="log-lines"
        data-lines={shown.length}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 30;
        }}
      >
        <ol style={{ height: list.getTotalSize() }}>
          {list.getVirtualItems().map((item) => {
            const line = shown[item.index]!;
            return (
              <li
                key={line.id}
                data-index={item.index}
                data-type={line.type}
                ref={list.measureElement}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <span className="seq">{line.seq}</span>{' '}
                <Linked text={line.text} matcher={matcher} open={openRule} />
              </li>
            );
          })}
        </ol>
        {shown.length === 0 && <p className="empty">Nothing yet.</p>}
      </div>
    </section>
  );
}
