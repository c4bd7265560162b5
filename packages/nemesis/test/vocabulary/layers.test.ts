import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const source = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The files of `src` a file imports, type-only imports included: a type
 * named across two chapters ties them as much as a function does.
 */
function importsOf(file: string): string[] {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const imported: string[] = [];
  for (const statement of sourceFile.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const name = statement.moduleSpecifier.text;
      if (name.startsWith('.')) imported.push(resolve(dirname(file), name.replace(/\.js$/, '.ts')));
    }
  }
  return imported;
}

const files = sourceFiles(source);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

function folderOf(file: string): string {
  return relative(source, file).split(sep)[0]!;
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function importCycles(): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => relative(source, file)));
}

/** The imports of a folder's files that reach a folder outside those allowed, as "file -> file". */
function importsOutside(folder: string, allowed: readonly string[]): string[] {
  return files
    .filter((file) => folderOf(file) === folder)
    .flatMap((file) =>
      graph
        .get(file)!
        .filter((target) => !allowed.includes(folderOf(target)))
        .map((target) => `${relative(source, file)} -> ${relative(source, target)}`),
    );
}

describe('the vocabulary lies below the rules', () => {
  it('the content pack imports nothing of the rules', () => {
    expect(importsOutside('content', ['content'])).toEqual([]);
  });

  it('the vocabulary imports only itself and the content pack: no chapter, not the flow', () => {
    expect(importsOutside('vocabulary', ['vocabulary', 'content'])).toEqual([]);
  });

  it('has no import cycles, type imports included: no file imports, through others, a file that imports it', () => {
    expect(importCycles()).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    const [first, second] = files;
    graph.get(second!)!.push(first!);
    graph.get(first!)!.push(second!);
    try {
      expect(importCycles()).toContainEqual(
        [first, second, first].map((file) => relative(source, file!)),
      );
    } finally {
      graph.get(first!)!.pop();
      graph.get(second!)!.pop();
    }
  });
});
