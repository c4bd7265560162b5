// Reading and parsing content packs. `parseContentPack` is pure (tests and
// packs built in memory use it); `loadContentPack` adds the file system.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkContent } from './checks.js';
import { buildExits, buildLookup, buildNeighbours } from './derive.js';
import { ContentError, type ContentIssue, formatPath } from './errors.js';
import { type ContentFiles, type ContentPack, type ContentPart, contentFiles } from './schema.js';

/** The base game's pack, shipped beside the source. */
export const baseContentDirectory = new URL('../../content/base/', import.meta.url);

/** File names a pack must contain. */
export const contentFileNames: readonly string[] = Object.values(contentFiles).map(
  (entry) => entry.file,
);

/**
 * Validate the files of a pack (file name -> parsed JSON) and build its
 * look-ups. Throws a ContentError listing every problem found.
 */
export function parseContentPack(files: Record<string, unknown>, source = 'inline'): ContentPack {
  const issues: ContentIssue[] = [];
  const parsed: Partial<Record<ContentPart, unknown>> = {};
  for (const [part, { file, schema }] of Object.entries(contentFiles)) {
    if (!(file in files) || files[file] === undefined) {
      issues.push({ file, path: '', message: 'file is missing' });
      continue;
    }
    const result = schema.safeParse(files[file]);
    if (result.success) {
      parsed[part as ContentPart] = result.data;
      continue;
    }
    for (const issue of result.error.issues) {
      issues.push({ file, path: formatPath(issue.path), message: plainMessage(issue.message) });
    }
  }
  // Cross-checks read every file, so they only run on a pack whose files all parsed.
  if (issues.length > 0) throw new ContentError(issues, source);
  const data = parsed as ContentFiles; // every part was assigned its own schema's output above

  const checked = checkContent(data);
  if (checked.issues.length > 0) throw new ContentError(checked.issues, source);

  const pack: ContentPack = {
    ...data,
    source,
    exits: buildExits(data.board),
    neighbours: buildNeighbours(data.board),
    lookup: buildLookup(data),
    warnings: checked.warnings,
  };
  // One pack is shared by every match in the process; freezing turns a rules
  // bug that edits content into an immediate error instead of a corrupted game.
  return deepFreeze(pack);
}

/**
 * Read a pack's files from a directory (default: the base game). A missing
 * file is left out, so parseContentPack reports it with the others.
 */
export function readContentFiles(
  directory: string | URL = baseContentDirectory,
): Record<string, unknown> {
  const base = directoryUrl(directory);
  const files: Record<string, unknown> = {};
  const unreadable: ContentIssue[] = [];
  for (const file of contentFileNames) {
    let text: string;
    try {
      text = readFileSync(new URL(file, base), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    try {
      files[file] = JSON.parse(text);
    } catch (error) {
      unreadable.push({ file, path: '', message: `not valid JSON (${(error as Error).message})` });
    }
  }
  if (unreadable.length > 0) throw new ContentError(unreadable, fileURLToPath(base));
  return files;
}

export function loadContentPack(directory: string | URL = baseContentDirectory): ContentPack {
  return parseContentPack(readContentFiles(directory), fileURLToPath(directoryUrl(directory)));
}

let cachedBase: ContentPack | undefined;

/** The base pack, parsed once per process. */
export function baseContent(): ContentPack {
  cachedBase ??= loadContentPack(baseContentDirectory);
  return cachedBase;
}

function directoryUrl(directory: string | URL): URL {
  const url =
    typeof directory === 'string' ? pathToFileURL(resolve(directory)) : new URL(directory);
  // Without the trailing slash, new URL(file, base) would replace the last segment.
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** Zod prefixes most messages with "Invalid input: "; the path already says where. */
function plainMessage(message: string): string {
  return message.replace(/^Invalid input: /, '');
}

function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
