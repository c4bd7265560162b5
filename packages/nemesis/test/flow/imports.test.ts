import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
 * The files of `src` a file loads at run time. Type-only imports are left
 * out: they vanish from the compiled code, so they cannot make a module run
 * before what it needs is set (and the step union names every step's shape,
 * beside its procedure, which itself handles steps).
 */
function runtimeImportsOf(file: string): string[] {
  const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const imported: string[] = [];
  for (const statement of sourceFile.statements) {
    if (
      (ts.isImportDeclaration(statement) && loadsAtRunTime(statement)) ||
      (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
    ) {
      const name = (statement.moduleSpecifier as ts.StringLiteral).text;
      if (name.startsWith('.')) imported.push(resolve(dirname(file), name.replace(/\.js$/, '.ts')));
    }
  }
  return imported;
}

function loadsAtRunTime(declaration: ts.ImportDeclaration): boolean {
  const clause = declaration.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
}

/** Every cycle found by a depth-first walk, each as the list of files around it. */
function importCycles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((file) => [file, runtimeImportsOf(file)]));
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

describe('the source', () => {
  it('has no import cycles: no module loads, through others, a module that loads it', () => {
    expect(importCycles(sourceFiles(source))).toEqual([]);
  });
});
