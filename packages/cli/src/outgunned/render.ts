import {
  attributes,
  describeDifficulty,
  type FightView,
  gritBoxes,
  type Hero,
  skills,
} from '@tabletop/outgunned';

/** Screens for the terminal, drawn from one seat's view: the Grit board and a Hero sheet. */

function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function track(filled: number, size: number): string {
  return `[${'#'.repeat(filled)}${'.'.repeat(Math.max(0, size - filled))}]`;
}

/** Weapons without mags: fists and melee weapons. */
function takesNoMags(kind: string): boolean {
  return kind === 'unarmed' || kind === 'melee-weapon';
}

function weaponLine(hero: Hero): string {
  return hero.weapons
    .filter((weapon) => weapon.kind !== 'unarmed')
    .map((weapon) =>
      takesNoMags(weapon.kind)
        ? weapon.name
        : `${weapon.name}${weapon.loaded ? '' : ' (empty)'} +${hero.mags[weapon.kind] ?? 0} mags`,
    )
    .join(', ');
}

function heroLine(hero: Hero, view: FightView): string {
  const range = view.enemies
    .filter((enemy) => !enemy.defeated)
    .map((enemy) => hero.ranges[enemy.id])
    .join('/');
  const weapons = weaponLine(hero);
  const status = hero.status === 'fighting' ? '' : '  LEFT FOR DEAD';
  return `  ${hero.name.padEnd(16)} Grit ${track(hero.grit, gritBoxes)} ${String(hero.grit).padStart(2)}/${gritBoxes}  Adr ${hero.adrenaline} Spot ${hero.spotlight}  ${range}${hero.cover === 'none' ? '' : `, ${hero.cover} cover`}${hero.conditions.length ? `  [${hero.conditions.join(', ')}]` : ''}${weapons ? `  ${weapons}` : ''}${status}`;
}

/** The Grit board: every Enemy and Hero, as the seat whose view it is may see them. */
export function board(view: FightView): string {
  const turn = view.turn.kind === 'action' ? 'Action Turn' : 'Reaction Turn';
  const lines = [
    `-- ${view.scene}: Round ${view.round}, ${turn}${view.rules.mode === 'brawl' ? ' (Brawl)' : ''} --`,
  ];
  for (const enemy of view.enemies) {
    const grit =
      enemy.grit === null || enemy.lost === null
        ? 'Grit (hidden by the Director)'
        : `Grit ${track(enemy.lost, enemy.grit)} ${String(enemy.lost).padStart(2)}/${enemy.grit}`;
    lines.push(
      `  ${enemy.name.padEnd(16)} ${grit}  Attack ${describeDifficulty(enemy.attack)}, Defense ${title(enemy.defense)}${enemy.defeated ? '  DEFEATED' : ''}`,
    );
  }
  for (const hero of view.heroes) lines.push(heroLine(hero, view));
  lines.push(
    `  Director Adrenaline ${view.director.adrenaline === null ? '(hidden)' : view.director.adrenaline}`,
  );
  return lines.join('\n');
}

/** A Hero's sheet, as far as the fight uses it: Attributes, Skills above 0, weapons, Feats. */
export function heroSheet(hero: Hero): string {
  const attributeText = attributes
    .map((attribute) => `${title(attribute)} ${hero.attributes[attribute]}`)
    .join('  ');
  const skillText = skills
    .filter((skill) => hero.skills[skill] > 0)
    .map((skill) => `${title(skill)} ${hero.skills[skill]}`)
    .join('  ');
  const weapons = hero.weapons
    .map((weapon, index) => {
      const mags =
        weapon.kind === 'unarmed' || weapon.kind === 'melee-weapon'
          ? ''
          : `, ${weapon.loaded ? 'loaded' : 'empty'}, ${hero.mags[weapon.kind] ?? 0} spare mags`;
      return `${index}. ${weapon.name} (${weapon.kind}${mags})`;
    })
    .join('  ');
  return [
    `  [${hero.name}'s sheet]`,
    `    Attributes: ${attributeText}`,
    `    Skills:     ${skillText || 'none'}`,
    `    Weapons:    ${weapons || 'none'}`,
    `    Grit ${hero.grit}/${gritBoxes}, Adrenaline ${hero.adrenaline}, Spotlight ${hero.spotlight}, Free Re-rolls ${hero.freeRerolls}, Death Roulette bullets ${hero.lethalBullets}${hero.conditions.length ? `, Conditions: ${hero.conditions.join(', ')}` : ''}`,
  ].join('\n');
}
