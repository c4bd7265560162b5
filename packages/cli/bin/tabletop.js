#!/usr/bin/env -S node --max-semi-space-size=128
// The command runs the TypeScript sources directly through tsx's loader, so a
// fresh clone needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
