import type { KeyboardEvent } from 'react';
import { pretty, sameJson } from '../choices.ts';
import type { BoardProps } from '../Table.tsx';
import layout from './layout.json';
import { OddsPanel } from './OddsPanel.tsx';

/** The parts of the Nemesis view this table draws (the server sends it). */
interface RoomView {
  number: number;
  explored: boolean;
  tile: string | null;
  itemCounter: number | null;
  fire: boolean;
  malfunction: boolean;
  objects: string[];
}
interface PlayerView {
  seat: string;
  character: string | null;
  status: string;
  room: number;
  handSize: number;
  deckSize: number;
  discardPile: string[];
  lightWounds: number;
  seriousWounds: { card: string | null; dressed: boolean }[];
  slime: boolean;
  larva: boolean;
  signal: boolean;
  weapons: { id: string; ammo: number }[];
  carried: string[];
  objectives: number;
  passed: boolean;
  pod: number | null;
}
interface NemesisView {
  round: number;
  phase: string;
  firstPlayer: number;
  time: number;
  hibernationOpen: boolean;
  selfDestruct: number | null;
  destination: string;
  rooms: RoomView[];
  corridors: { index: number; ends: [number, number]; noise: boolean; door: string }[];
  technicalCorridorNoise: boolean;
  intruders: { id: number; kind: string; room: number; injuries: number }[];
  bagSize: number;
  nestEggs: number;
  eggsDestroyed: number;
  weaknesses: (string | null)[];
  pods: {
    number: number;
    section: string;
    locked: boolean;
    occupants: string[];
    launched: boolean;
  }[];
  players: PlayerView[];
  you: {
    seat: string;
    hand: string[];
    objectives: string[];
    scanned: string[];
    infected: string[];
  } | null;
  resolving?: string[];
  attackDeck: { drawPile: number };
  eventDeck: { drawPile: number };
}

const roomFields = ['to', 'room', 'from', 'destination'];
const seatColours = ['#e0a030', '#40b0e0', '#d05090', '#60c060', '#a080e0'];
const [width, height] = layout.size as [number, number];
const [roomWidth, roomHeight] = layout.room as [number, number];
const positions = layout.rooms as Record<string, { x: number; y: number }>;

function at(room: number): { x: number; y: number } {
  return positions[String(room)] ?? { x: 20, y: 20 };
}

function corridorNumbers(ends: [number, number]): number[] {
  return (
    layout.corridors.find(
      (c) =>
        (c.ends[0] === ends[0] && c.ends[1] === ends[1]) ||
        (c.ends[0] === ends[1] && c.ends[1] === ends[0]),
    )?.numbers ?? []
  );
}

function offered(props: BoardProps, fields: string[], value: unknown): boolean {
  const q = props.question;
  return q !== null && fields.includes(q.field) && q.values.some((v) => sameJson(v, value));
}

function activate(handler: () => void) {
  return {
    role: 'button',
    tabIndex: 0,
    onClick: handler,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        handler();
      }
    },
  };
}

function Ship(props: BoardProps & { view: NemesisView }) {
  const { view } = props;
  const seatIndex = (seat: string) => view.players.findIndex((p) => p.seat === seat);
  return (
    <svg className="ship" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="The ship">
      <title>The ship</title>
      {view.corridors.map((corridor) => {
        const a = at(corridor.ends[0]);
        const b = at(corridor.ends[1]);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        return (
          <g
            key={corridor.index}
            className={`corridor door-${corridor.door}${corridor.noise ? ' has-noise' : ''}`}
            data-corridor={corridor.index}
          >
            <title>
              {`corridor ${corridor.ends.join('-')}: door ${corridor.door}${corridor.noise ? ', noise' : ''}`}
            </title>
            <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
            <rect
              className="corridor-label"
              x={mid.x - 17}
              y={mid.y - 10}
              width={34}
              height={20}
              rx={4}
            />
            <text x={mid.x} y={mid.y + 5} className="corridor-number">
              {corridorNumbers(corridor.ends).join('·')}
            </text>
          </g>
        );
      })}
      {view.rooms.map((room) => {
        const { x, y } = at(room.number);
        const clickable = offered(props, roomFields, room.number);
        const entrance = layout.technicalEntrances.find((t) => t.room === room.number);
        const here = view.players.filter((p) => p.room === room.number && p.status === 'active');
        const intruders = view.intruders.filter((i) => i.room === room.number);
        const label = room.explored ? pretty(room.tile) : 'unexplored';
        return (
          <g
            key={room.number}
            className={`room${room.explored ? '' : ' unexplored'}${clickable ? ' offered' : ''}`}
            data-room={room.number}
            aria-label={`room ${room.number}: ${label}${clickable ? ' (choose)' : ''}`}
            {...(clickable ? activate(() => props.choose(room.number)) : {})}
          >
            <rect
              x={x - roomWidth / 2}
              y={y - roomHeight / 2}
              width={roomWidth}
              height={roomHeight}
              rx={8}
            />
            <text x={x - roomWidth / 2 + 6} y={y - roomHeight / 2 + 14} className="room-number">
              {room.number}
            </text>
            <text x={x - roomWidth / 2 + 24} y={y - roomHeight / 2 + 14} className="room-name">
              {label.length > 13 ? `${label.slice(0, 12)}…` : label}
            </text>
            {(room.fire || room.malfunction) && (
              <text x={x + roomWidth / 2 - 6} y={y - roomHeight / 2 + 28} className="hazards">
                {room.fire && <tspan className="fire">FIRE </tspan>}
                {room.malfunction && <tspan className="malfunction">MALF</tspan>}
              </text>
            )}
            {room.itemCounter !== null && (
              <text x={x - roomWidth / 2 + 6} y={y - roomHeight / 2 + 28} className="items">
                items {room.itemCounter}
              </text>
            )}
            {room.objects.length > 0 && (
              <text x={x - roomWidth / 2 + 6} y={y + roomHeight / 2 - 6} className="objects">
                {room.objects.map(pretty).join(', ')}
              </text>
            )}
            {entrance && (
              <text x={x + roomWidth / 2 - 4} y={y + roomHeight / 2 - 6} className="technical">
                T{entrance.numbers.join('·')}
              </text>
            )}
            {here.map((player, index) => (
              <g key={player.seat} className="character">
                <circle
                  cx={x - roomWidth / 2 + 14 + index * 20}
                  cy={y + 12}
                  r={9}
                  fill={seatColours[seatIndex(player.seat) % seatColours.length]}
                />
                <text x={x - roomWidth / 2 + 14 + index * 20} y={y + 16}>
                  {(player.character ?? player.seat).slice(0, 2)}
                </text>
              </g>
            ))}
            {intruders.map((intruder, index) => {
              const pick = offered(props, ['target'], intruder.id);
              const cx = x + roomWidth / 2 - 14 - index * 22;
              return (
                <g
                  key={intruder.id}
                  className={`intruder${pick ? ' offered' : ''}`}
                  data-intruder={intruder.id}
                  aria-label={`${intruder.kind} ${intruder.id}, ${intruder.injuries} injuries`}
                  {...(pick
                    ? activate(() => {
                        props.choose(intruder.id);
                      })
                    : {})}
                >
                  <circle cx={cx} cy={y + 12} r={11} />
                  <text x={cx} y={y + 16}>
                    {intruder.kind.slice(0, 1).toUpperCase()}
                    {intruder.injuries > 0 && (
                      <tspan className="injuries">{intruder.injuries}</tspan>
                    )}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
      <text x={12} y={height - 10} className="legend">
        corridor numbers · red: noise · yellow frame: closed door · dashed: destroyed door · T =
        Technical Corridor entrance
        {view.technicalCorridorNoise ? ' · noise in the Technical Corridors' : ''}
      </text>
    </svg>
  );
}

function Tracks({ view }: { view: NemesisView }) {
  return (
    <section className="tracks" aria-label="Tracks">
      <span>Round {view.round}</span>
      <span>Phase: {pretty(view.phase)}</span>
      <span className="time">Time {view.time}</span>
      <span>Self-destruct: {view.selfDestruct === null ? 'off' : view.selfDestruct}</span>
      <span>Destination: {view.destination}</span>
      <span>Hibernation: {view.hibernationOpen ? 'open' : 'closed'}</span>
      <span>Bag {view.bagSize}</span>
      <span>
        Nest eggs {view.nestEggs} (destroyed {view.eggsDestroyed})
      </span>
      <span>
        Weaknesses: {view.weaknesses.map((w) => (w ? pretty(w) : 'hidden')).join(', ') || 'none'}
      </span>
      <span>
        Pods:{' '}
        {view.pods
          .map(
            (pod) =>
              `${pod.number}${pod.section}${pod.launched ? ' gone' : pod.locked ? ' locked' : ' open'}`,
          )
          .join(', ')}
      </span>
    </section>
  );
}

function Thing({
  props,
  fields,
  value,
  children,
  className,
}: {
  props: BoardProps;
  fields: string[];
  value: unknown;
  children: React.ReactNode;
  className: string;
}) {
  const clickable = offered(props, fields, value);
  return clickable ? (
    <button type="button" className={`${className} offered`} onClick={() => props.choose(value)}>
      {children}
    </button>
  ) : (
    <span className={className}>{children}</span>
  );
}

function You({ props, view }: { props: BoardProps; view: NemesisView }) {
  const you = view.you;
  const me = view.players.find((p) => p.seat === you?.seat);
  if (!you || !me) return null;
  const cardFields = ['cards', 'card', 'discard', 'keep'];
  return (
    <section className="you" aria-label="You">
      <h2>
        You: {pretty(me.character ?? 'choosing')} in room {me.room} ({pretty(me.status)})
      </h2>
      <div className="hand">
        Hand:{' '}
        {you.hand.map((card, index) => (
          <Thing
            // biome-ignore lint/suspicious/noArrayIndexKey: a hand may hold two cards of one name
            key={`${card}-${index}`}
            props={props}
            fields={cardFields}
            value={card}
            className="card"
          >
            {pretty(card)}
          </Thing>
        ))}
        {you.hand.length === 0 && 'empty'}
      </div>
      <div className="objectives">
        Objectives:{' '}
        {you.objectives.map((objective) => (
          <Thing
            key={objective}
            props={props}
            fields={cardFields}
            value={objective}
            className="card objective"
          >
            {pretty(objective)}
          </Thing>
        ))}
      </div>
      <div>
        Weapons:{' '}
        {me.weapons.map((weapon) => (
          <Thing
            key={weapon.id}
            props={props}
            fields={['weapon']}
            value={weapon.id}
            className="item"
          >
            {pretty(weapon.id)} (ammo {weapon.ammo})
          </Thing>
        ))}
        {me.weapons.length === 0 && 'none'} · Carrying:{' '}
        {me.carried.map((object) => (
          <Thing
            key={object}
            props={props}
            fields={['object', 'drop']}
            value={object}
            className="item"
          >
            {pretty(object)}
          </Thing>
        ))}
        {me.carried.length === 0 && 'nothing'}
      </div>
      <div>
        Wounds: {me.lightWounds} light, {me.seriousWounds.length} serious (
        {me.seriousWounds.map((w) => (w.dressed ? 'dressed' : pretty(w.card))).join(', ') || 'none'}
        ) · Slime: {me.slime ? 'yes' : 'no'} · Contamination in discard:{' '}
        {me.discardPile.filter((c) => c === 'contamination' || you.scanned.includes(c)).length}
        {you.infected.length > 0 && ` (INFECTED: ${you.infected.length})`} · Deck {me.deckSize}
      </div>
    </section>
  );
}

function Others({ view }: { view: NemesisView }) {
  return (
    <section className="others" aria-label="Players">
      <table>
        <thead>
          <tr>
            <th>seat</th>
            <th>character</th>
            <th>room</th>
            <th>status</th>
            <th>hand</th>
            <th>wounds</th>
            <th>weapons</th>
            <th>slime</th>
          </tr>
        </thead>
        <tbody>
          {view.players.map((player, index) => (
            <tr key={player.seat} style={{ color: seatColours[index % seatColours.length] }}>
              <td>
                {player.seat}
                {index === view.firstPlayer ? ' ★' : ''}
              </td>
              <td>{pretty(player.character ?? '—')}</td>
              <td>{player.room}</td>
              <td>
                {pretty(player.status)}
                {player.passed ? ', passed' : ''}
              </td>
              <td>{player.handSize}</td>
              <td>
                {player.lightWounds}L {player.seriousWounds.length}S
              </td>
              <td>{player.weapons.map((w) => `${pretty(w.id)} ${w.ammo}`).join(', ')}</td>
              <td>{player.slime ? 'slime' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function NemesisBoard(props: BoardProps) {
  const view = props.view as NemesisView;
  return (
    <div className="nemesis">
      <Tracks view={view} />
      <div className="ship-scroll">
        <Ship {...props} view={view} />
      </div>
      {view.resolving && view.resolving.length > 0 && (
        <p className="resolving" role="status" aria-label="Resolving now">
          Resolving: {view.resolving.map(pretty).join(' › ')}
        </p>
      )}
      <You props={props} view={view} />
      {props.live && view.you && (
        <OddsPanel
          live={props.live}
          tiles={new Map(view.rooms.map((room) => [room.number, room.tile]))}
        />
      )}
      <Others view={view} />
    </div>
  );
}
