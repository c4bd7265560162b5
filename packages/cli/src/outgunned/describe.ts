import {
  exampleReactions,
  type FightAction,
  type FightState,
  gritBoxes,
  type Hero,
  topStep,
} from '@tabletop/outgunned';

/** Words for the terminal: one line per choice, a board of Grit tracks. */

function heroName(state: FightState, seat: string): string {
  return state.heroes.find((hero) => hero.seat === seat)?.name ?? seat;
}

function enemyName(state: FightState, id: string | undefined): string {
  return state.enemies.find((enemy) => enemy.id === id)?.name ?? String(id);
}

function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function describeAction(state: FightState, seat: string, action: FightAction): string {
  const hero = state.heroes.find((candidate) => candidate.seat === seat);
  const weaponName = (index: number | undefined) =>
    index === undefined ? '?' : (hero?.weapons[index]?.name ?? `weapon ${index}`);
  switch (action.type) {
    case 'attack': {
      const extras = [
        action.fullAuto ? 'Full Auto' : '',
        action.adrenaline > 0 ? `+${action.adrenaline} Adrenaline` : '',
      ]
        .filter(Boolean)
        .join(', ');
      return `Attack ${enemyName(state, action.enemy)} with the ${weaponName(action.weapon)} (${title(action.attribute)}+${title(action.skill)}${extras ? `, ${extras}` : ''})`;
    }
    case 'quick-action':
      switch (action.kind) {
        case 'approach':
          return `Quick Action: move closer to ${enemyName(state, action.enemy)}`;
        case 'withdraw':
          return `Quick Action: back away from ${enemyName(state, action.enemy)}`;
        case 'reload':
          return `Quick Action: reload the ${weaponName(action.weapon)}`;
        case 'push-friend-into-cover':
          return `Quick Action: push ${heroName(state, action.friend ?? '')} into partial cover`;
        case 'reach-partial-cover':
          return 'Quick Action: dive into partial cover';
        case 'leave-cover':
          return 'Quick Action: leave cover';
        case 'grab-or-toss':
          return 'Quick Action: grab or toss something';
      }
      break;
    case 'full-action':
      switch (action.kind) {
        case 'approach':
          return `Full Action: close in on ${enemyName(state, action.enemy)}`;
        case 'withdraw':
          return `Full Action: fall back from ${enemyName(state, action.enemy)}`;
        case 'take-total-cover':
          return 'Full Action: get behind total cover';
        case 'push-friend-into-total-cover':
          return `Full Action: push ${heroName(state, action.friend ?? '')} behind total cover`;
      }
      break;
    case 'cool-action':
      return `Cool Action: reach total cover together with ${heroName(state, action.friend)}`;
    case 'covering-fire':
      return `Covering Fire with the ${weaponName(action.weapon)} (whole turn, one mag)`;
    case 'collateral-action':
      return `Another action: ${title(action.attribute)}+${title(action.skill)} (the Director sets the difficulty)`;
    case 'end-turn':
      return 'End the turn';
    case 'keep-roll':
      return 'Keep the roll';
    case 'reroll':
      return action.kind === 'reroll'
        ? 'Re-roll the loose dice (if not better, lose a success)'
        : action.kind === 'free-reroll'
          ? 'Free Re-roll the loose dice'
          : 'All In: re-roll again (if not better, lose every success)';
    case 'spend-extra':
      if (action.as === 'protect')
        return `Extra success: protect ${heroName(state, action.friend ?? '')}`;
      return `Extra success: ${{ damage: 'more damage', counter: 'counterattack', quick: 'a Quick Action', full: 'a Full Action', cool: 'a Cool Action' }[action.as]}`;
    case 'stop-spending':
      return 'Spend nothing more';
    case 'roll-reaction':
      return action.adrenaline > 0
        ? `Roll the reaction, spending ${action.adrenaline} Adrenaline (+${action.adrenaline} die)`
        : 'Roll the reaction';
    case 'spend-spotlight':
      return 'Spend a Spotlight to save them';
    case 'let-fate-decide':
      return 'Let fate decide';
    case 'declare-reaction': {
      const reaction = action.reaction;
      let what: string;
      if (reaction === 'random') what = 'roll a die for one of the six reactions';
      else if (typeof reaction === 'number') {
        const example = exampleReactions[reaction - 1]!;
        what = `${example.what}: ${title(example.attribute)}+${title(example.skill)}`;
      } else what = `${title(reaction.attribute)}+${title(reaction.skill)}`;
      const notes = [
        action.perHero ? 'a different reaction for each Hero' : '',
        action.autoPass?.length
          ? `${action.autoPass.map((one) => heroName(state, one)).join(', ')} out of reach`
          : '',
        action.ranges ? `everyone now at ${Object.values(action.ranges)[0]} range` : '',
      ].filter(Boolean);
      return `Reaction: ${what}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    }
    case 'set-difficulty':
      return `Difficulty ${action.double ? '2 ' : ''}${title(action.tier)}`;
    case 'bad-luck':
      return action.mags === 0 ? 'No Bad Luck' : `Bad Luck: ${action.mags} spare mag lost`;
    case 'interrupt':
      return 'Interrupt the fight';
  }
  return (action as FightAction).type;
}

function track(filled: number, size: number): string {
  return `[${'#'.repeat(filled)}${'.'.repeat(Math.max(0, size - filled))}]`;
}

function heroLine(hero: Hero, state: FightState): string {
  const range = state.enemies
    .filter((enemy) => !enemy.defeated)
    .map((enemy) => hero.ranges[enemy.id])
    .join('/');
  const weapons = hero.weapons
    .filter((weapon) => weapon.kind !== 'unarmed')
    .map(
      (weapon) =>
        `${weapon.name}${weapon.loaded ? '' : ' (empty)'} +${hero.mags[weapon.kind] ?? 0} mags`,
    )
    .join(', ');
  const status = hero.status === 'fighting' ? '' : '  LEFT FOR DEAD';
  return `  ${hero.name.padEnd(16)} Grit ${track(hero.grit, gritBoxes)} ${String(hero.grit).padStart(2)}/${gritBoxes}  Adr ${hero.adrenaline} Spot ${hero.spotlight}  ${range}${hero.cover === 'none' ? '' : `, ${hero.cover} cover`}${hero.conditions.length ? `  [${hero.conditions.join(', ')}]` : ''}${weapons ? `  ${weapons}` : ''}${status}`;
}

export function board(state: FightState): string {
  const turn = state.turn.kind === 'action' ? 'Action Turn' : 'Reaction Turn';
  const lines = [
    `-- Round ${state.round}, ${turn}${state.rules.mode === 'brawl' ? ' (Brawl)' : ''} --`,
  ];
  for (const enemy of state.enemies) {
    const attack = `${enemy.attack.double ? '2 ' : ''}${title(enemy.attack.tier)}`;
    lines.push(
      `  ${enemy.name.padEnd(16)} Grit ${track(enemy.lost, enemy.grit)} ${String(enemy.lost).padStart(2)}/${enemy.grit}  Attack ${attack}, Defense ${title(enemy.defense)}${enemy.defeated ? '  DEFEATED' : ''}`,
    );
  }
  for (const hero of state.heroes) lines.push(heroLine(hero, state));
  lines.push(`  Director Adrenaline ${state.director.adrenaline}`);
  return lines.join('\n');
}

export function whoActs(state: FightState, seat: string): string {
  if (seat === 'director') return 'Director';
  const step = topStep(state);
  const name = heroName(state, seat);
  if (step?.kind === 'save-from-death')
    return `${name} (${heroName(state, step.hero)} faces death)`;
  return name;
}
