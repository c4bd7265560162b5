import type { ReactNode } from 'react';
import { Conditions } from '../HoverCard.tsx';
import type { Entry } from '../words.ts';
import { useWords } from '../words.ts';
import {
  fields,
  type NemesisProps,
  nameOf,
  offered,
  type PlayerView,
  plainName,
  seatColour,
  seatMarkers,
  seatName,
  type YouView,
} from './common.ts';
import { HtmlThing, MarkerChips, roveGroup } from './things.tsx';

/** An entry's cost and tags as small marks on a card. */
export function Marks({ entry }: { entry: Entry | null }) {
  if (!entry || (!entry.cost && !entry.tags?.length)) return null;
  return (
    <span className="marks">
      {entry.cost && <span className="cost">{entry.cost}</span>}
      {entry.tags?.map((tag) => (
        <span key={tag} className={`tag tag-${tag.toLowerCase().replace(/\W+/g, '-')}`}>
          {tag}
        </span>
      ))}
    </span>
  );
}

/** A goal's conditions with ✓ / ✗ / ?, as the words tell them. */
export function Parts({ entry }: { entry: Entry | null }) {
  return <Conditions parts={entry?.parts} className="parts" />;
}

function Group({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`you-group${className ? ` ${className}` : ''}`}>
      <h3>{title}</h3>
      <div className="you-cards">{children}</div>
    </div>
  );
}

/** The card key of a card in hand: a Contamination card seen or scanned has the Contamination card's words when its own has none. */
function cardKey(words: ReturnType<typeof useWords>, card: string, contamination: boolean): string {
  if (!contamination || words.entry(`card:${card}`)) return `card:${card}`;
  return 'card:contamination';
}

function Hand({ props, you }: { props: NemesisProps; you: YouView }) {
  const words = useWords();
  const contamination = (card: string) => card === 'contamination' || you.scanned.includes(card);
  return (
    <Group title={`Hand (${you.hand.length})`} className="hand">
      {you.hand.map((card, index) => {
        const key = cardKey(words, card, contamination(card));
        const entry = words.entry(key);
        const pick = offered(props, fields.card, card);
        return (
          <HtmlThing
            // biome-ignore lint/suspicious/noArrayIndexKey: a hand may hold two cards of one name
            key={`${card}-${index}`}
            thing={key}
            className={`card${contamination(card) ? ' contamination' : ''}${you.infected.includes(card) ? ' infected' : ''}`}
            choose={pick ? () => props.choose(card) : undefined}
            data-card={card}
          >
            <span className="card-name">{entry?.name ?? plainName(card)}</span>
            <Marks entry={entry} />
            {you.infected.includes(card) && <span className="tag infected">INFECTED</span>}
          </HtmlThing>
        );
      })}
      {you.hand.length === 0 && <span className="none">—</span>}
    </Group>
  );
}

function ItemCard({ props, item, me }: { props: NemesisProps; item: string; me: PlayerView }) {
  const words = useWords();
  const entry = words.entry(`item:${item}`);
  const pick = offered(props, fields.item, item);
  const taped = me.taped.find((pair) => pair.includes(item));
  const other = taped ? (taped[0] === item ? taped[1] : taped[0]) : null;
  const badges = [
    me.questItems.includes(item) ? 'quest' : null,
    me.craftedItems.includes(item) ? 'crafted' : null,
    me.using === item ? 'in use' : null,
  ].filter((badge): badge is string => badge !== null);
  const classes = ['item-card', ...badges.map((badge) => badge.replace(' ', '-'))].join(' ');
  return (
    <HtmlThing
      thing={`item:${item}`}
      className={classes}
      choose={pick ? () => props.choose(item) : undefined}
      data-item={item}
    >
      <span className="card-name">{entry?.name ?? plainName(item)}</span>
      <Marks entry={entry} />
      {badges.map((badge) => (
        <span key={badge} className="tag">
          {badge}
        </span>
      ))}
      {entry?.text && <span className="card-text">{entry.text}</span>}
      {entry?.state && <span className="card-state">{entry.state}</span>}
      {other && !entry?.state && (
        <span className="card-state">+ {nameOf(words, `item:${other}`, other)}</span>
      )}
    </HtmlThing>
  );
}

function Weapon({ props, weapon }: { props: NemesisProps; weapon: PlayerView['weapons'][number] }) {
  const words = useWords();
  const entry = words.entry(`weapon:${weapon.id}`);
  const pick = offered(props, fields.weapon, weapon.id);
  const fittings = weapon.attachments ?? [];
  return (
    <HtmlThing
      thing={`weapon:${weapon.id}`}
      className="weapon-card"
      choose={pick ? () => props.choose(weapon.id) : undefined}
      data-weapon={weapon.id}
      label={`${entry?.name ?? plainName(weapon.id)}, ammo ${weapon.ammo} of ${weapon.capacity}`}
    >
      <span className="card-name">{entry?.name ?? plainName(weapon.id)}</span>
      <Marks entry={entry} />
      {weapon.capacity > 0 && (
        <span className="ammo" aria-hidden="true">
          {Array.from({ length: weapon.capacity }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: ammo pips are alike
            <span key={index} className={index < weapon.ammo ? 'pip full' : 'pip'} />
          ))}
          {!entry?.state && (
            <span className="ammo-count">
              {weapon.ammo}/{weapon.capacity}
            </span>
          )}
        </span>
      )}
      {fittings.map((fitting) => (
        <span key={fitting} className="card-state">
          + {nameOf(words, `item:${fitting}`, fitting)}
        </span>
      ))}
      {entry?.state && <span className="card-state">{entry.state}</span>}
    </HtmlThing>
  );
}

function Wounds({ me }: { me: PlayerView }) {
  const words = useWords();
  return (
    <Group title="Wounds" className="wounds">
      <HtmlThing thing="wound:light" className="wound-card light" data-light={me.lightWounds}>
        <span className="card-name">{nameOf(words, 'wound:light', 'light wound')}</span>{' '}
        <b>×{me.lightWounds}</b>
      </HtmlThing>
      {me.seriousWounds.map((wound, index) => {
        const key = wound.dressed || !wound.card ? 'wound:dressed' : `wound:${wound.card}`;
        const entry = words.entry(key);
        return (
          <HtmlThing
            // biome-ignore lint/suspicious/noArrayIndexKey: two Serious Wounds may be alike
            key={index}
            thing={key}
            className={`wound-card serious${wound.dressed ? ' dressed' : ''}`}
          >
            <span className="card-name">{entry?.name ?? plainName(wound.card ?? 'dressed')}</span>
            {entry?.text && <span className="card-text">{entry.text}</span>}
          </HtmlThing>
        );
      })}
    </Group>
  );
}

function Objectives({ objectives, title }: { objectives: readonly string[]; title: string }) {
  const words = useWords();
  return (
    <Group title={title} className="objectives">
      {objectives.map((objective) => {
        const entry = words.entry(`objective:${objective}`);
        return (
          <HtmlThing key={objective} thing={`objective:${objective}`} className="objective-card">
            <span className="card-name">{entry?.name ?? plainName(objective)}</span>
            {!entry?.parts?.length && entry?.text && (
              <span className="card-text">{entry.text}</span>
            )}
            <Parts entry={entry} />
          </HtmlThing>
        );
      })}
    </Group>
  );
}

/**
 * The seat's hand, in a section of its own that stays in sight at the
 * bottom of the window while the map fills a short screen (1280x720): the
 * cards to play or pay with are read with every question.
 */
export function YourHand(props: NemesisProps) {
  const you = props.view.you;
  if (!you) return null;
  return (
    <section className="you-hand" {...roveGroup('Your hand')}>
      <Hand props={props} you={you} />
    </section>
  );
}

/** The seat's own character: inventory, weapons, wounds, Objectives and the rest, all as cards. */
export function You(props: NemesisProps) {
  const { view } = props;
  const words = useWords();
  const you = view.you;
  const me = view.players.find((player) => player.seat === you?.seat);
  if (!you || !me) return null;
  const markers = seatMarkers(words, view);
  const room = view.rooms.find((candidate) => candidate.number === me.room);
  const contamination = (card: string) => card === 'contamination' || you.scanned.includes(card);
  const inHand = you.hand.filter(contamination).length;
  const inDiscard = me.discardPile.filter(contamination).length;
  return (
    <section className="you" {...roveGroup('You')}>
      <h2>
        <span className="marker" style={{ background: seatColour(view, me.seat) }}>
          {markers.get(me.seat)}
        </span>{' '}
        You: {seatName(words, view, me.seat)}
        {me.status !== 'active' ? ` · ${plainName(me.status)}` : ''}
        {me.passed ? ' · passed' : ''}
        {' · '}
        <HtmlThing thing={`room:${me.room}`} className="inline">
          {nameOf(words, `room:${me.room}`, `room ${me.room}`)}
        </HtmlThing>
      </h2>
      <div className="you-body">
        {you.items.length > 0 && (
          <Group title={`Inventory (${you.items.length})`} className="inventory">
            {you.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two copies of an item may be held
              <ItemCard key={`${item}-${index}`} props={props} item={item} me={me} />
            ))}
          </Group>
        )}
        {me.quests.length > 0 && (
          <Group title="Quests" className="quests">
            {me.quests.map((quest) => {
              const entry = words.entry(`item:${quest}`);
              return (
                <HtmlThing key={quest} thing={`item:${quest}`} className="item-card quest">
                  <span className="card-name">{entry?.name ?? plainName(quest)}</span>
                  {entry?.text && <span className="card-text">{entry.text}</span>}
                  <Parts entry={entry} />
                </HtmlThing>
              );
            })}
          </Group>
        )}
        {me.weapons.length > 0 && (
          <Group title="Weapons" className="weapons">
            {me.weapons.map((weapon, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two copies of a weapon may be held
              <Weapon key={`${weapon.id}-${index}`} props={props} weapon={weapon} />
            ))}
          </Group>
        )}
        {me.carried.length > 0 && (
          <Group title="Carrying" className="carried">
            {me.carried.map((object, index) => (
              <HtmlThing
                // biome-ignore lint/suspicious/noArrayIndexKey: objects of a kind are alike
                key={`${object}-${index}`}
                thing={`token:${object}`}
                className="chip"
                choose={
                  offered(props, fields.object, object) ? () => props.choose(object) : undefined
                }
                data-object={object}
              >
                {nameOf(words, `token:${object}`, object)}
              </HtmlThing>
            ))}
          </Group>
        )}
        <Wounds me={me} />
        {props.view.teamObjectives ? (
          <Objectives objectives={props.view.teamObjectives} title="The team's Objectives" />
        ) : (
          you.objectives.length > 0 && <Objectives objectives={you.objectives} title="Objectives" />
        )}
        <Group title="State" className="conditions">
          <MarkerChips player={me} larva />
          <HtmlThing
            thing="card:contamination"
            className="chip"
            data-contamination={`${inHand}/${inDiscard}/${you.infected.length}`}
          >
            {nameOf(words, 'card:contamination', 'contamination')}: {inHand} in hand, {inDiscard} in
            discard
            {you.infected.length > 0 ? `, ${you.infected.length} INFECTED` : ''}
          </HtmlThing>
          <span className="chip" data-deck={me.deckSize}>
            Action deck {me.deckSize} · discard {me.discardPile.length}
          </span>
          {room?.explored && room.tile && (
            <HtmlThing thing={`tile:${room.tile}`} className="chip room-action">
              Room Action: {nameOf(words, `tile:${room.tile}`, room.tile)}
            </HtmlThing>
          )}
        </Group>
      </div>
    </section>
  );
}
