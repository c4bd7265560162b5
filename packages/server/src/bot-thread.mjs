// A bot thread's entry: plain JavaScript, so that it starts however the
// process was started, then tsx loads the TypeScript sources as the server's.
import { register } from 'tsx/esm/api';

register();
await import('./bot-worker.ts');
