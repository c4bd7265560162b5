import { describe, expect, it } from 'vitest';
import { type ConformanceSpec, conformanceChecks } from './conformance.js';

/** Registers the generic conformance checks as vitest tests for one ruleset. */
export function conformanceSuite<S, A, V, O>(spec: ConformanceSpec<S, A, V, O>): void {
  describe(`${spec.ruleset.id} conforms to the ruleset contract`, () => {
    for (const [name, check] of Object.entries(conformanceChecks)) {
      it(name, () => {
        const failures = check(spec as never);
        expect(failures.slice(0, 10)).toEqual([]);
      });
    }
  });
}

export * from './conformance.js';
