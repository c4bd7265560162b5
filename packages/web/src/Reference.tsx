import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import './nemesis/nemesis.css';
import type { Entry, ReferenceSection } from './words.ts';

function matches(entry: Entry, words: string[]): boolean {
  const text = [entry.name, entry.kind, entry.text, entry.cost ?? '', ...(entry.tags ?? [])]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The id of an entry's card on the page: links `#ref-<key>` scroll to it. */
export function referenceId(key: string): string {
  return `ref-${key}`;
}

/** Scrolls to an entry without touching the page's route (the table's routes live in the hash). */
function jump(event: MouseEvent, key: string): void {
  const target = document.getElementById(referenceId(key));
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

function ReferenceEntry({ entry, focused }: { entry: Entry; focused: boolean }) {
  return (
    <article
      className={`ref-entry${focused ? ' focused' : ''}`}
      id={referenceId(entry.key)}
      data-key={entry.key}
      aria-current={focused ? 'true' : undefined}
      tabIndex={-1}
    >
      <h4>
        {entry.name} <span className="ref-kind">{entry.kind}</span>
      </h4>
      {(entry.cost || (entry.tags && entry.tags.length > 0)) && (
        <p className="ref-tags">
          {entry.cost && <span className="ref-cost">{entry.cost}</span>}
          {entry.tags?.map((tag) => (
            <span key={tag} className="ref-tag">
              {tag}
            </span>
          ))}
        </p>
      )}
      <p className="ref-text">{entry.text}</p>
      {entry.see && entry.see.length > 0 && (
        <p className="ref-see">
          See:{' '}
          {entry.see.map((key, index) => (
            <span key={key}>
              {index > 0 ? ', ' : ''}
              <a href={`#${referenceId(key)}`} onClick={(event) => jump(event, key)}>
                {key}
              </a>
            </span>
          ))}
        </p>
      )}
    </article>
  );
}

/**
 * The rules reference: every entry of the sections as a card (name, kind,
 * cost, tags, text), a search box that filters them by name, kind and text
 * as one types, each entry at `#ref-<key>`; `focus` scrolls to one entry and
 * highlights it. It draws only what the sections hold.
 */
export function RulesReference({
  sections,
  focus,
}: {
  sections: readonly ReferenceSection[];
  focus?: string;
}) {
  const [query, setQuery] = useState('');
  const words = useMemo(() => query.toLowerCase().split(/\s+/).filter(Boolean), [query]);
  const shown = useMemo(
    () =>
      sections
        .map((section) => ({
          ...section,
          entries: words.length
            ? section.entries.filter((entry) => matches(entry, words))
            : section.entries,
        }))
        .filter((section) => section.entries.length > 0),
    [sections, words],
  );
  const count = shown.reduce((total, section) => total + section.entries.length, 0);
  useEffect(() => {
    if (!focus || sections.length === 0) return;
    document.getElementById(referenceId(focus))?.scrollIntoView({ block: 'center' });
  }, [focus, sections]);
  return (
    <section className="rules-reference" aria-label="Rules reference">
      <div className="ref-search">
        <label>
          Search the rules{' '}
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="name, kind or text"
          />
        </label>{' '}
        <span role="status" className="ref-count">
          {count} {count === 1 ? 'entry' : 'entries'}
        </span>
      </div>
      <nav className="ref-contents" aria-label="Sections">
        {shown.map((section) => (
          <a
            key={section.id}
            href={`#ref-section-${section.id}`}
            onClick={(event) => {
              event.preventDefault();
              document.getElementById(`ref-section-${section.id}`)?.scrollIntoView();
            }}
          >
            {section.title} ({section.entries.length})
          </a>
        ))}
      </nav>
      {shown.map((section) => (
        <section
          key={section.id}
          id={`ref-section-${section.id}`}
          className="ref-section"
          aria-label={section.title}
        >
          <h3>{section.title}</h3>
          <div className="ref-entries">
            {section.entries.map((entry) => (
              <ReferenceEntry key={entry.key} entry={entry} focused={entry.key === focus} />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
