import { parentPort, workerData } from 'node:worker_threads';
import { type AppendRow, failureOf, openDatabase, SqliteAppender } from './sqlite-appends.js';

/**
 * The writer thread of a SQLite file: it commits the batches of appends the
 * server's thread sends, one transaction a batch, so that the statements,
 * the commit and the write to the WAL (and its checkpoints) keep off the
 * thread that serves the sockets. It answers each batch once committed.
 */
export interface WriterRequest {
  batch: number;
  rows: AppendRow[];
}

const db = openDatabase((workerData as { file: string }).file);
const appender = new SqliteAppender(db);
const port = parentPort!;
port.on('message', (request: WriterRequest | 'close') => {
  if (request === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    port.postMessage({ batch: request.batch, outcomes: appender.commit(request.rows) });
  } catch (error) {
    port.postMessage({ batch: request.batch, failed: failureOf(error) });
  }
});
port.postMessage('ready');
