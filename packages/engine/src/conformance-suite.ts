import { describe, expect, it } from 'vitest';
import { type ConformanceSpec, checkGeneratorsAgree, conformanceChecks } from './conformance.js';
import { generatorKinds } from './random.js';

/** Registers the generic conformance checks as vitest tests for one ruleset. */
export function conformanceSuite<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): void {
  for (const generator of generatorKinds) {
    describe(`${spec.ruleset.id} conforms to the ruleset contract (${generator} generator)`, () => {
      for (const [name, check] of Object.entries(conformanceChecks)) {
        it(name, () => {
          const failures = check({ ...spec, generator });
          expect(failures.slice(0, 10)).toEqual([]);
        });
      }
    });
  }
  it(`${spec.ruleset.id}: the generator changes nothing of the rules`, () => {
    expect(checkGeneratorsAgree(spec).slice(0, 10)).toEqual([]);
  });
}

export * from './conformance.js';
