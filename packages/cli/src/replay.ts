import { readFileSync } from 'node:fs';
import { Match, type MatchLog, type Seat } from '@tabletop/engine';
import { serverRulesets } from '@tabletop/server';
import { z } from 'zod';

export interface ReplayFlags {
  /** Whose view the log is told from (default: a spectator's). */
  seat?: string;
  /** Print every line of the log, not only the end. */
  log?: boolean;
  json?: boolean;
}

/** The shape of a match record file (`GET /matches/:id/record?download=1`). */
const recordFile = z.object({
  ruleset: z.string().min(1),
  version: z.string().min(1),
  options: z.unknown(),
  seed: z.string().min(1),
  generator: z.string().min(1),
  actions: z.array(
    z.union([
      z.object({ seat: z.string(), action: z.unknown() }),
      z.object({ seat: z.string(), undo: z.literal(true) }),
    ]),
  ),
});

function readRecord(path: string): MatchLog {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(
      `${path} is not JSON: save the record the server gives (the end screen's download)`,
    );
  }
  const parsed = recordFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.') || 'the record'}: ${issue.message}`);
  }
  return parsed.data as MatchLog;
}

/**
 * `tabletop replay`: plays a match record again, as a bug report would be
 * checked: the same seed and actions give the same game. Prints how it
 * ended (and its log, as one seat or a spectator saw it), or why an action
 * of the record was refused.
 */
export function replayRecord(
  output: NodeJS.WritableStream,
  path: string,
  flags: ReplayFlags,
): void {
  const record = readRecord(path);
  const rulesets = serverRulesets();
  if (!rulesets.ids().includes(record.ruleset))
    throw new Error(`${path}: no ruleset "${record.ruleset}" (${rulesets.ids().join(', ')})`);
  const ruleset = rulesets.get(record.ruleset);
  const match = Match.replay(ruleset, record);
  const viewer: Seat | 'spectator' = flags.seat ?? 'spectator';
  const seats = ruleset.seats(match.state);
  if (viewer !== 'spectator' && !seats.includes(viewer))
    throw new Error(`--seat: this match's seats are ${seats.join(', ')}`);
  const view = match.view(viewer);
  const result = match.result();
  const line = (event: Parameters<NonNullable<typeof ruleset.describe>['event']>[0]) =>
    ruleset.describe ? ruleset.describe.event(event, view) : (event.text ?? event.type);
  if (flags.json) {
    output.write(
      `${JSON.stringify({
        ruleset: record.ruleset,
        version: record.version,
        actions: record.actions.length,
        over: result !== null,
        result,
        hash: match.hash(),
        ...(flags.log ? { log: match.log(viewer).map((logged) => line(logged.event)) } : {}),
      })}\n`,
    );
    return;
  }
  if (flags.log) for (const logged of match.log(viewer)) output.write(`${line(logged.event)}\n`);
  output.write(
    `Replayed ${record.actions.length} entries of a ${record.ruleset} match (version ${record.version}): ${result ? result.summary : 'not over yet'}\nState hash ${match.hash()}\n`,
  );
}
