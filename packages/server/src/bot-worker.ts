import { parentPort, workerData } from 'node:worker_threads';
import { answerQuestion, type BotAnswer, type BotQuestion, type BotSource } from './bot-pool.js';
import { shorten } from './errors.js';
import type { TableRuleset } from './registry.js';

/**
 * A bot thread: builds the rulesets and their bots once, then answers each
 * question it is posted with the bot's action. A bot's failure is sent back
 * as its message alone: never the question's state or seed.
 */
const source = workerData as BotSource;
const made = (await import(source.module)) as Record<
  string,
  () => ReadonlyMap<string, TableRuleset>
>;
const registry = made[source.name]!();

parentPort!.on('message', (question: BotQuestion) => {
  let answer: BotAnswer;
  try {
    answer = { action: answerQuestion(registry, question) };
  } catch (error) {
    answer = { error: `the ${question.bot} bot failed: ${shorten((error as Error).message)}` };
  }
  parentPort!.postMessage(answer);
});
