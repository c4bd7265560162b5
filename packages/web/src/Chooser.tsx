import { useEffect, useRef } from 'react';
import {
  type Action,
  actionLabel,
  actionsOf,
  canClose,
  close,
  type Picks,
  pretty,
  promptWords,
  type Question,
  thingOf,
} from './choices.ts';
import type { TableState } from './client.ts';
import { useHover } from './HoverCard.tsx';
import { seatName } from './people.ts';
import { useWords } from './words.ts';

/**
 * The hover card of a button that goes away (the question changed under the
 * pointer) closes with it, instead of staying open over the next question.
 */
function useHoverLeaving(key: string | null) {
  const hover = useHover(key);
  const leave = useRef(hover.onMouseLeave);
  leave.current = hover.onMouseLeave;
  // When the button goes, or comes to name another thing, the old thing's card closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the thing changes
  useEffect(() => {
    const closing = leave.current;
    return () => closing?.();
  }, [key]);
  return hover;
}

function ChoiceButton({
  action,
  label,
  submit,
}: {
  action: Action;
  label: string;
  submit: (action: Action) => void;
}) {
  const hover = useHoverLeaving(thingOf(action));
  return (
    <button
      type="button"
      className="choice"
      data-action={JSON.stringify(action)}
      onClick={() => submit(action)}
      {...hover}
    >
      {label}
    </button>
  );
}

function ValueButton({
  field,
  value,
  choose,
}: {
  field: string;
  value: unknown;
  choose: (value: unknown) => void;
}) {
  const thing =
    typeof value === 'string' || typeof value === 'number'
      ? thingOf({ type: 'answer', [field]: value })
      : null;
  const hover = useHoverLeaving(thing);
  const words = useWords();
  const name = thing ? words.entry(thing)?.name : undefined;
  return (
    <button
      type="button"
      className="choice narrow"
      data-field={field}
      data-value={JSON.stringify(value)}
      onClick={() => choose(value)}
      {...hover}
    >
      {name ?? pretty(value)}
    </button>
  );
}

export interface TakeBack {
  /** How many of this seat's actions the action under way holds (0: none under way). */
  back: number;
  undo(steps: number): void;
}

/**
 * The question of the moment: the prompt's words whole, each option with
 * the ruleset's words for it (cost and effect) and a hover card for what
 * it names, then Back (cancel the action under way) and Undo (take back
 * the last action) where the server allows.
 */
export function Chooser({
  state,
  seat,
  picks,
  question,
  indexes,
  choose,
  settle,
  submit,
  reset,
  takeBack,
  note,
}: {
  state: TableState;
  seat: string;
  picks: Picks;
  question: Question | null;
  indexes: number[];
  choose: (value: unknown) => void;
  settle: (next: Picks) => void;
  submit: (action: Action) => void;
  reset: () => void;
  takeBack: TakeBack | null;
  note: (message: string) => void;
}) {
  const words = useWords();
  const actions = actionsOf(state);
  const mine = state.prompts
    .map((prompt, index) => ({ prompt, index }))
    .filter(({ prompt }) => prompt.seats.includes(seat));
  const others = state.prompts
    .map((prompt, index) => ({ prompt, index }))
    .filter(({ prompt }) => !prompt.seats.includes(seat));
  const few = indexes.length <= 12;
  const panel = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new state may bring the next question
  useEffect(() => {
    if (!refocus.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && panel.current?.contains(active)) return;
    const next = panel.current?.querySelector<HTMLElement>('.choices button, .take-back button');
    if (next) {
      refocus.current = false;
      next.focus({ preventScroll: true });
    }
  }, [state.seq, picks]);
  const waitingFor = [...new Set(others.flatMap(({ prompt }) => prompt.seats))];
  const refusal = state.undo && !state.undo.allowed ? (state.undo.reason ?? 'not now') : null;
  const takeBackWith = (steps: number) => {
    if (!takeBack) return;
    if (refusal) note(`You cannot take that back: ${refusal}.`);
    else takeBack.undo(steps);
  };
  return (
    <section
      ref={panel}
      className="prompt"
      aria-label="Your move"
      onClickCapture={(event) => {
        // An answer by keyboard (a click with no pointer): the next question takes the focus when it comes.
        if (event.detail === 0 && (event.target as Element).closest('button'))
          refocus.current = true;
      }}
    >
      {mine.map(({ prompt, index }) => (
        <h2 key={index} className={`prompt-text ${prompt.mode}`}>
          {promptWords(state, index)}
        </h2>
      ))}
      {mine.length === 0 && !state.over && (
        <p className="waiting">
          Waiting for{' '}
          {waitingFor.length > 0
            ? waitingFor.map((other) => seatName(words, other)).join(', ')
            : 'the table'}
          {others[0] ? `: ${promptWords(state, others[0].index)}` : ''}
        </p>
      )}
      {Object.keys(picks).length > 0 && (
        <p className="picked">
          Chosen:{' '}
          {Object.entries(picks)
            .filter(([field]) => !field.startsWith('closed:'))
            .map(([field, value]) => `${pretty(field)} ${pretty(value)}`)
            .join('; ')}{' '}
          <button type="button" onClick={reset}>
            start over
          </button>
        </p>
      )}
      <div className="choices">
        {actions.length > 0 && few
          ? indexes.map((index) => (
              <ChoiceButton
                key={`${index}:${JSON.stringify(actions[index])}`}
                action={actions[index]!}
                label={actionLabel(state, index)}
                submit={submit}
              />
            ))
          : question && (
              <>
                <span className="question">{pretty(question.field)}:</span>
                {question.values.map((value) => (
                  <ValueButton
                    key={JSON.stringify(value)}
                    field={question.field}
                    value={value}
                    choose={choose}
                  />
                ))}
                {canClose(actions, indexes, picks, question) && (
                  <button
                    type="button"
                    className="choice narrow"
                    data-field={question.field}
                    data-value='"no more"'
                    onClick={() => settle(close(picks, question))}
                  >
                    {Array.isArray(picks[question.field]) &&
                    (picks[question.field] as unknown[]).length > 0
                      ? 'no more'
                      : 'none'}
                  </button>
                )}
              </>
            )}
      </div>
      {takeBack && !state.over && (
        <div className="take-back">
          {takeBack.back > 0 && !refusal && (
            <button
              type="button"
              className="back-action"
              onClick={() => takeBackWith(takeBack.back)}
            >
              Back
              <span className="visually-hidden"> (cancel the action under way)</span>
            </button>
          )}
          <button
            type="button"
            className="undo-action"
            aria-disabled={refusal ? 'true' : undefined}
            onClick={() => takeBackWith(1)}
          >
            Undo
            <span className="visually-hidden"> (take back your last action)</span>
          </button>
          {refusal && <span className="undo-reason">Undo: {refusal}</span>}
        </div>
      )}
    </section>
  );
}
