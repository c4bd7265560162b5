import { useEffect, useState } from 'react';
import { pretty } from '../choices.ts';
import { type NemesisOdds, server } from '../client.ts';
import { OddsChart } from '../odds/Chart.tsx';
import { type OddsBar, percent } from '../odds/percent.ts';
import type { BoardProps } from '../Table.tsx';
import { useWords, type Words } from '../words.ts';

/** Marks the bars with the highest chance (ties all marked), when any is above nothing. */
function markHighest(bars: OddsBar[]): OddsBar[] {
  const highest = Math.max(0, ...bars.map((bar) => bar.p));
  return bars.map((bar) => ({ ...bar, highlight: highest > 0 && bar.p === highest }));
}

/** Names as the ruleset words them (the words' keys), a plain name while none has come. */
function named(words: Words, key: string, fallback: string): string {
  return words.entry(key)?.name ?? fallback;
}

function attackLabel(words: Words, attack: NemesisOdds['attacks'][number]): string {
  const target = named(
    words,
    `intruder:${attack.intruder}`,
    `${pretty(attack.kind)} #${attack.intruder}`,
  );
  return attack.attack === 'shoot'
    ? `Shoot ${attack.weapon ? named(words, `weapon:${attack.weapon}`, pretty(attack.weapon)) : ''} at ${target}`
    : `Melee on ${target}`;
}

function Attacks({ odds }: { odds: NemesisOdds }) {
  const words = useWords();
  if (odds.attacks.length === 0) return null;
  return (
    <>
      <OddsChart
        name="kill"
        title="Kill chance of each attack on an Intruder here"
        labelWidth={200}
        bars={markHighest(
          odds.attacks.map((attack) => ({ label: attackLabel(words, attack), p: attack.p_dead })),
        )}
      />
      <details className="odds-details">
        <summary>every outcome of each attack</summary>
        <table className="odds">
          <thead>
            <tr>
              <th>Attack</th>
              <th>Hit</th>
              <th>Dead</th>
              <th>Retreats</th>
              <th>Stays</th>
              <th title="a Melee miss costs a Serious Wound">Serious Wound</th>
            </tr>
          </thead>
          <tbody>
            {odds.attacks.map((attack) => (
              <tr key={attackLabel(words, attack)}>
                <th scope="row">
                  {attackLabel(words, attack)}
                  {attack.injuries > 0
                    ? ` (${attack.injuries} injur${attack.injuries === 1 ? 'y' : 'ies'})`
                    : ''}
                </th>
                <td>{percent(attack.p_hit)}</td>
                <td>{percent(attack.p_dead)}</td>
                <td>{percent(attack.p_retreats)}</td>
                <td>{percent(attack.p_stays)}</td>
                <td>{attack.attack === 'melee' ? percent(attack.p_serious_wound) : '-'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

function Escape({ odds }: { odds: NemesisOdds }) {
  const words = useWords();
  const survival = odds.escape;
  if (!survival) return null;
  return (
    <OddsChart
      name="escape"
      title={`Escaping from ${survival.intruders.map((kind) => named(words, `intruder-kind:${kind}`, pretty(kind))).join(', ')}: survival ${percent(survival.p_survives)}`}
      labelWidth={170}
      bars={[
        ...survival.serious_wounds_after.map((entry) => ({
          label: `survive, ${entry.serious} Serious Wound${entry.serious === 1 ? '' : 's'}`,
          p: entry.p,
        })),
        { label: 'die', p: survival.p_dies },
      ]}
    />
  );
}

function Noise({ odds, tiles }: { odds: NemesisOdds; tiles: Map<number, string | null> }) {
  const words = useWords();
  if (odds.noise.length === 0) return null;
  return (
    <OddsChart
      name="noise"
      title="A Noise roll brings an Encounter (here, and where a Move would roll)"
      labelWidth={170}
      highlightWords="your room"
      bars={odds.noise.map((entry) => ({
        label:
          `room ${entry.room} ${tiles.get(entry.room) ? named(words, `tile:${tiles.get(entry.room)}`, pretty(tiles.get(entry.room))) : ''}${entry.here ? ' (here)' : ''}`.replace(
            '  ',
            ' ',
          ),
        p: entry.p_encounter,
        highlight: entry.here,
      }))}
    />
  );
}

function Encounter({ odds }: { odds: NemesisOdds }) {
  const words = useWords();
  const encounter = odds.encounter;
  if (!encounter) return null;
  return (
    <>
      <OddsChart
        name="encounter"
        title={`An Encounter now: the token drawn (${encounter.tokens_in_bag} in the bag)`}
        labelWidth={120}
        bars={encounter.appears.map((entry) => ({
          label: named(words, `intruder-kind:${entry.kind}`, pretty(entry.kind)),
          p: entry.p,
        }))}
      />
      <OddsChart
        name="surprise"
        title={`Surprise Attack in an Encounter, by cards in hand (you hold ${encounter.hand})`}
        labelWidth={120}
        highlightWords="your hand"
        bars={encounter.surprise_by_hand.map((entry) => ({
          label: `${entry.hand} card${entry.hand === 1 ? '' : 's'}`,
          p: entry.p,
          highlight: entry.hand === encounter.hand,
        }))}
      />
    </>
  );
}

/**
 * The reader's odds panel: exact chances for their character where it
 * stands, computed by the server from this seat's view (so nothing here is
 * more than the page already shows), drawn as bar charts.
 */
export function OddsPanel({
  live,
  tiles,
}: {
  live: NonNullable<BoardProps['live']>;
  tiles: Map<number, string | null>;
}) {
  const { matchId, token, seq, over } = live;
  const [odds, setOdds] = useState<
    { seq: number; odds: NemesisOdds } | { seq: number; failure: string } | null
  >(null);
  useEffect(() => {
    if (!token || over) return;
    let current = true;
    server.nemesisOdds(matchId, token).then(
      (answer) => current && setOdds({ seq, odds: answer }),
      (failure: Error) => current && setOdds({ seq, failure: failure.message }),
    );
    return () => {
      current = false;
    };
  }, [matchId, token, seq, over]);
  if (!token || over) return null;
  return (
    <section
      className="odds-panel"
      aria-label="Odds"
      data-seq={odds && 'odds' in odds ? odds.odds.seq : -1}
      data-ready={odds?.seq === seq ? 'yes' : 'no'}
    >
      <h2>Odds</h2>
      {!odds ? (
        <p className="odds-note">Working out the odds…</p>
      ) : 'failure' in odds ? (
        <p className="odds-note">No odds: {odds.failure}</p>
      ) : (
        <>
          <div className="odds-charts">
            <Attacks odds={odds.odds} />
            <Escape odds={odds.odds} />
            <Noise odds={odds.odds} tiles={tiles} />
            <Encounter odds={odds.odds} />
          </div>
          {odds.odds.left_out.length > 0 && (
            <p className="odds-note">Not shown: {odds.odds.left_out.join('; ')}</p>
          )}
        </>
      )}
    </section>
  );
}
