import { readFileSync } from 'node:fs';

/**
 * `tabletop import`: sends a match record file (the end screen's download,
 * `GET /matches/:id/record?download=1`) to a server, which replays it
 * through its rules and stores it as a new finished match. Only a finished
 * match's record is taken: an unfinished one's seed is a secret.
 */
export async function importRecord(
  output: NodeJS.WritableStream,
  path: string,
  server: string,
): Promise<void> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    throw new Error(
      `${path} is not JSON: save the record the server gives (the end screen's download)`,
    );
  }
  const base = server.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/matches/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
    });
  } catch (error) {
    throw new Error(`cannot reach ${base}: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status !== 201) {
    throw new Error(
      `${path}: ${String(body.code ?? response.status)}: ${String(body.message ?? response.statusText)}`,
    );
  }
  const id = String(body.id);
  output.write(
    `Imported ${path} as ${base}/matches/${id}: a finished ${String(body.ruleset)} match of ${String(body.seq)} actions.\nWatch it again: ${base}/#/replay/${encodeURIComponent(id)}/spectator\n`,
  );
}
