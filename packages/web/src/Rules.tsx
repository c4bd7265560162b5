/// <reference types="vite/client" />
import {
  type ComponentType,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import type { ReferenceSection } from './client.ts';
import { createWords, indexReference, WordsContext } from './words.ts';

interface ReferenceProps {
  sections: readonly ReferenceSection[];
  focus?: string;
}

/**
 * The board's rules reference (Reference.tsx, `RulesReference({ sections,
 * focus })`), loaded with the rules; until a build holds it, a plain
 * listing of the same sections stands in.
 */
const found = import.meta.glob<{ RulesReference: ComponentType<ReferenceProps> }>(
  './Reference.tsx',
);
const loader = found['./Reference.tsx'];
const BoardReference = loader
  ? lazy(async () => ({ default: (await loader()).RulesReference }))
  : null;

export function ruleAnchor(key: string): string {
  return `rule-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
}

function PlainReference({ sections, focus }: ReferenceProps) {
  useLayoutEffect(() => {
    if (focus) document.getElementById(ruleAnchor(focus))?.scrollIntoView({ block: 'start' });
  }, [focus]);
  return (
    <div className="plain-reference">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`}>
          <h2 id={`section-${section.id}`}>{section.title}</h2>
          <dl>
            {section.entries.map((entry) => (
              <div
                key={entry.key}
                id={ruleAnchor(entry.key)}
                className={entry.key === focus ? 'rule focused' : 'rule'}
              >
                <dt>
                  <strong>{entry.name}</strong> <span className="rule-kind">{entry.kind}</span>
                  {entry.cost && <span className="rule-cost"> · {entry.cost}</span>}
                </dt>
                <dd>{entry.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

export function Reference({ sections, focus }: ReferenceProps) {
  const words = useMemo(() => createWords(sections, indexReference(sections), {}), [sections]);
  if (sections.length === 0) return <p>Loading the rules…</p>;
  return (
    <WordsContext.Provider value={words}>
      {BoardReference ? (
        <Suspense fallback={<p>Loading the rules…</p>}>
          <BoardReference sections={sections} focus={focus} />
        </Suspense>
      ) : (
        <PlainReference sections={sections} focus={focus} />
      )}
    </WordsContext.Provider>
  );
}

/** The rules reference over the table, in a modal dialog: Escape or Close returns to the table. */
export function RulesDialog({
  sections,
  focus,
  onClose,
}: ReferenceProps & { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    // Focus goes back where it was (the Rules button, a log line's name) once the dialog closes.
    const opener = document.activeElement as HTMLElement | null;
    if (element && !element.open) element.showModal();
    return () => opener?.focus?.({ preventScroll: true });
  }, []);
  return (
    <dialog ref={dialog} className="rules-dialog" aria-labelledby="rules-title" onClose={onClose}>
      <header className="rules-head">
        <h1 id="rules-title">Rules reference</h1>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </header>
      <Reference sections={sections} focus={focus} />
    </dialog>
  );
}
