import type { FightView, Roll, RollInProgress } from '@tabletop/outgunned';
import { useEffect, useState } from 'react';
import { pretty, sameJson } from '../choices.ts';
import { type RerollOdds, server } from '../client.ts';
import { OddsChart } from '../odds/Chart.tsx';
import { percent } from '../odds/percent.ts';
import { seatName } from '../people.ts';
import type { BoardProps } from '../Table.tsx';
import { noWords } from '../words.ts';

/** Hero Grit: twelve boxes; the 8th is the bad box and the 12th the hot box. */
const heroBoxes = 12;
const badBox = 8;

function GritTrack({
  filled,
  total,
  hot,
  bad,
}: {
  filled: number;
  total: number;
  hot: number[];
  bad?: number;
}) {
  return (
    <span className="grit" role="img" aria-label={`grit ${filled} of ${total}`}>
      {Array.from({ length: total }, (_, index) => {
        const box = index + 1;
        const classes = [
          'box',
          box <= filled ? 'filled' : '',
          box === bad ? 'bad' : '',
          hot.includes(box) ? 'hot' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <span
            key={box}
            className={classes}
            title={box === bad ? 'bad box' : hot.includes(box) ? 'hot box' : undefined}
          />
        );
      })}
    </span>
  );
}

function difficultyWords(difficulty: unknown): string {
  if (typeof difficulty === 'object' && difficulty !== null && 'tier' in difficulty) {
    const { tier, double } = difficulty as { tier: string; double?: boolean };
    return `${double ? 'double ' : ''}${tier}`;
  }
  return pretty(difficulty);
}

const faces = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Dice as faces, matching faces grouped into sets (two or more alike). */
function Dice({ roll }: { roll: Roll }) {
  const groups = new Map<number, number>();
  for (const face of roll.dice) groups.set(face, (groups.get(face) ?? 0) + 1);
  const ordered = [...groups.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  return (
    <div className="dice">
      {ordered.map(([face, count]) => (
        <span
          key={face}
          className={count >= 2 ? 'set' : 'single'}
          title={count >= 2 ? `a set of ${count}` : 'no set'}
        >
          {Array.from({ length: count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: dice of one face are alike
            <span key={index} className="die" data-face={face}>
              {faces[face] ?? face}
            </span>
          ))}
          {count >= 2 && <small> ×{count}</small>}
        </span>
      ))}
      {roll.setAside.length > 0 && (
        <span className="aside">
          set aside: {roll.setAside.map((face) => faces[face] ?? face).join(' ')}
        </span>
      )}
      <small>
        {roll.rerolled ? ' re-rolled' : ''}
        {roll.freeRerolled ? ' free re-roll used' : ''}
        {roll.wentAllIn ? ' all in' : ''}
      </small>
    </div>
  );
}

const choiceNames: Record<string, string> = {
  stop: 'Stop here',
  reroll: 'Re-roll',
  'free-reroll': 'Free Re-roll',
  'all-in': 'All In',
};

/** "no Grit", "1 box", "all of it". */
function gritWords(lost: number | 'all'): string {
  if (lost === 'all') return 'all of it';
  return lost === 0 ? 'no Grit' : `${lost} box${lost === 1 ? '' : 'es'}`;
}

/** "0: 62% · 1: 30% · all: 8%": the Grit a Dangerous roll would lose, compactly. */
function lossWords(losses: RerollOdds['choices'][number]['grit_lost']): string {
  return losses.map((entry) => `${entry.lost}: ${percent(entry.p)}`).join(' · ');
}

/**
 * The re-roll choice with its exact odds, asked of the server's advisor from
 * what the page already shows (the dice, the difficulty, the re-rolls used,
 * the roller's Free Re-rolls): the question carries nothing secret.
 */
function RerollChoice({
  rolling,
  freeRerolls,
  rules,
}: {
  rolling: RollInProgress;
  freeRerolls: number;
  rules: FightView['rules'];
}) {
  const { roll, difficulty } = rolling;
  const query: Record<string, string> = {
    showing: roll.dice.join(','),
    difficulty: difficulty.tier,
    double: String(difficulty.double),
    rerolled: roll.rerolled ? (roll.lastRerollBetter ? 'better' : 'worse') : 'no',
    freeRerolled: String(roll.freeRerolled),
    wentAllIn: String(roll.wentAllIn),
    freeRerolls: String(freeRerolls),
    threeExtremesMakeImpossible: String(rules.threeExtremesMakeImpossible),
  };
  const key = new URLSearchParams(query).toString();
  const [odds, setOdds] = useState<
    { key: string; odds: RerollOdds } | { key: string; failure: string } | null
  >(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the whole question
  useEffect(() => {
    let current = true;
    server.rerollOdds(query).then(
      (answer) => current && setOdds({ key, odds: answer }),
      (failure: Error) => current && setOdds({ key, failure: failure.message }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  if (roll.dice.length === 0 || rolling.spotlight) return null;
  if (!odds || odds.key !== key) return <p className="odds-note">Working out the odds…</p>;
  if ('failure' in odds) return <p className="odds-note">No odds: {odds.failure}</p>;
  if (odds.odds.choices.length < 2) return null;
  const { choices, best } = odds.odds;
  return (
    <div className="reroll-odds">
      <div className="odds-charts">
        <OddsChart
          name="reroll-success"
          title="Chance of success, playing on (★ best)"
          labelWidth={110}
          bars={choices.map((choice) => ({
            label: choiceNames[choice.choice] ?? choice.choice,
            p: choice.p_success_playing_on,
            highlight: choice.choice === best,
          }))}
        />
        {rolling.dangerous && (
          <OddsChart
            name="grit-lost"
            title="Grit lost with each choice, then stopping (a Dangerous roll)"
            labelWidth={150}
            bars={choices.flatMap((choice) =>
              choice.grit_lost.map((entry) => ({
                label: `${choiceNames[choice.choice] ?? choice.choice}: ${gritWords(entry.lost)}`,
                p: entry.p,
                highlight: choice.choice === best,
              })),
            )}
          />
        )}
      </div>
      <table className="odds" aria-label="Re-roll odds">
        <thead>
          <tr>
            <th>Choice</th>
            <th title="this choice, then stop">Success</th>
            <th title="this choice, then the best later choices">Playing on</th>
            {rolling.dangerous && <th title="boxes of Grit lost, with their chances">Grit lost</th>}
          </tr>
        </thead>
        <tbody>
          {odds.odds.choices.map((choice) => (
            <tr
              key={choice.choice}
              data-choice={choice.choice}
              className={choice.choice === odds.odds.best ? 'best' : undefined}
            >
              <th scope="row">
                {choiceNames[choice.choice] ?? choice.choice}
                {choice.choice === odds.odds.best && <span className="best-mark"> ★ best</span>}
              </th>
              <td className="p-success">{percent(choice.p_success)}</td>
              <td className="p-playing-on">{percent(choice.p_success_playing_on)}</td>
              {rolling.dangerous && <td className="grit-lost">{lossWords(choice.grit_lost)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OutgunnedBoard(props: BoardProps) {
  const view = props.view as FightView;
  const rolling = [...view.steps]
    .reverse()
    .flatMap((step) => (step.kind === 'roll' ? [step.rolling] : []))[0];
  // The re-roll choice waits while the roll is the step on top.
  const choosing = view.steps.at(-1)?.kind === 'roll' && view.outcome === null;
  const roller = view.heroes.find((hero) => hero.seat === rolling?.hero);
  const offered = (value: unknown) => props.question?.values.some((v) => sameJson(v, value));
  return (
    <div className="outgunned">
      <section className="tracks">
        <span>Round {view.round}</span>
        <span>Turn: {pretty(view.turn.kind)}</span>
        <span>Director adrenaline: {view.director.adrenaline ?? 'hidden'}</span>
        {view.steps.length > 0 && (
          <span>Resolving: {view.steps.map((s) => pretty(s.kind)).join(' › ')}</span>
        )}
      </section>
      <div className="heroes">
        {view.heroes.map((hero) => (
          <section
            key={hero.seat}
            className={`hero${hero.seat === props.seat ? ' mine' : ''}`}
            aria-label={hero.name}
          >
            <h2>
              {hero.name}{' '}
              <small>
                ({seatName(noWords, hero.seat)}
                {hero.seat === props.seat ? ', you' : ''}, {pretty(hero.status)})
              </small>
            </h2>
            <GritTrack filled={hero.grit} total={heroBoxes} hot={[heroBoxes]} bad={badBox} />
            <p>
              Adrenaline {hero.adrenaline} · Spotlight {hero.spotlight} · Cover {pretty(hero.cover)}
            </p>
            <p>Conditions: {hero.conditions.map(pretty).join(', ') || 'none'}</p>
            <p>
              Weapons:{' '}
              {hero.weapons.map((w) => `${w.name}${w.loaded ? '' : ' (empty)'}`).join(', ')} · Mags:{' '}
              {Object.entries(hero.mags)
                .map(([kind, count]) => `${kind} ${count}`)
                .join(', ') || 'none'}
            </p>
            <p>
              Range:{' '}
              {Object.entries(hero.ranges)
                .map(([enemy, range]) => `${enemy} ${range}`)
                .join(', ')}
            </p>
          </section>
        ))}
      </div>
      <div className="enemies">
        {view.enemies.map((enemy) => (
          <section
            key={enemy.id}
            className={`enemy${enemy.defeated ? ' defeated' : ''}${offered(enemy.id) ? ' offered' : ''}`}
            aria-label={enemy.name}
          >
            <h2>
              {enemy.name} {enemy.defeated && '(defeated)'}
            </h2>
            {enemy.grit === null ? (
              <p className="hidden-grit">Grit hidden by the Director</p>
            ) : (
              <GritTrack filled={enemy.lost ?? 0} total={enemy.grit} hot={enemy.hotBoxes ?? []} />
            )}
            {offered(enemy.id) && (
              <button type="button" className="offered" onClick={() => props.choose(enemy.id)}>
                choose {enemy.name}
              </button>
            )}
          </section>
        ))}
      </div>
      {rolling && (
        <section className="roll" aria-label="Roll">
          <h2>
            {view.heroes.find((hero) => hero.seat === rolling.hero)?.name ?? pretty(rolling.hero)}{' '}
            rolls {pretty(rolling.attribute)} + {pretty(rolling.skill)} ({rolling.pool} dice),{' '}
            {difficultyWords(rolling.difficulty)}
          </h2>
          <Dice roll={rolling.roll} />
          {choosing && roller && (
            <RerollChoice rolling={rolling} freeRerolls={roller.freeRerolls} rules={view.rules} />
          )}
        </section>
      )}
    </div>
  );
}
