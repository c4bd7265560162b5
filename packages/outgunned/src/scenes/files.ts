import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSceneJson, type Scene, SceneError } from './scene.js';

/** The example scenes shipped with the package, one JSON file each. */
const exampleSceneDirectory = new URL('../../scenes/', import.meta.url);

export const exampleSceneNames = [
  'goons-in-the-alley',
  'warehouse-ambush',
  'bar-brawl',
  'rooftop-boss',
] as const;
export type ExampleSceneName = (typeof exampleSceneNames)[number];

/** The scene a fight uses when none is given: the first example. */
export const defaultSceneName: ExampleSceneName = 'goons-in-the-alley';

export function exampleScenePath(name: ExampleSceneName): string {
  return fileURLToPath(new URL(`${name}.json`, exampleSceneDirectory));
}

/** Reads and checks a scene file; every problem is reported with the file's name and the JSON path. */
export function readSceneFile(path: string): Scene {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SceneError(path, [
      `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    ]);
  }
  return parseSceneJson(text, path);
}

/** An example scene, through the same loader as any scene file. */
export function exampleScene(name: ExampleSceneName): Scene {
  return readSceneFile(exampleScenePath(name));
}
