import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import * as repo from './messages.repository.ts';
import type { DeliveryReport, MessageChannel, MessageKind, MessageProvider } from './port.ts';
import { seal, unseal } from './seal.ts';

export const SEND_JOB = 'messages.send';
export const SWEEP_JOB = 'messages.sweep';
/** attempts before a message is given up as failed */
export const MAX_ATTEMPTS = 5;
/** how long one attempt holds its message */
const LEASE_MS = 30_000;

/** The wait before attempt n + 1: 5 s, 10 s, 20 s, 40 s … at most 5 minutes. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);

export interface SendRequest {
  channel: MessageChannel;
  kind: MessageKind;
  to: string;
  variables: Record<string, string>;
  /** one message per key, however often the caller or a job asks (the login code's request id, …) */
  idempotencyKey: string;
}

export interface Dispatcher {
  provider(channel: MessageChannel): MessageProvider | null;
  /** logs the message once per key and hands it to the job queue; answers its id */
  enqueue(request: SendRequest): Promise<{ id: string; created: boolean }>;
  /** one attempt at a queued message (the job's work); a retryable failure schedules the next */
  attempt(id: string): Promise<repo.MessageRow | undefined>;
  /** the message logged under a key, if any */
  findByKey(idempotencyKey: string): Promise<repo.MessageRow | undefined>;
  /** reports a provider's webhook carried; answers how many messages changed state */
  applyReports(provider: MessageProvider, reports: DeliveryReport[]): Promise<number>;
}

/**
 * One dispatcher for every message a provider carries (ADR 266): the log row is written first with the
 * request's idempotency key, so a retried job, a double click or a second process finds the row and sends
 * nothing new; the attempt runs on the job queue with a lease and backs off on the provider's temporary
 * failures. The variables travel sealed and are cleared when the message leaves the queue.
 */
export function createDispatcher(deps: {
  db: () => Db;
  jobs: Jobs;
  secret: string;
  providers: Partial<Record<MessageChannel, MessageProvider>>;
  log: FastifyBaseLogger;
  /** called after each state change (the sandbox page and tests listen) */
  onChange?: (row: repo.MessageRow) => void;
}): Dispatcher {
  const { jobs, secret, providers, log } = deps;

  const dispatcher: Dispatcher = {
    provider: (channel) => providers[channel] ?? null,
    findByKey: (key) => repo.findByKey(deps.db(), key),

    async enqueue(request) {
      const provider = providers[request.channel];
      if (!provider) throw new Error(`no ${request.channel} provider configured`);
      const { row, created } = await repo.insertOnce(deps.db(), {
        id: newId('MSG'),
        channel: request.channel,
        kind: request.kind,
        recipient: request.to,
        provider: provider.name,
        idempotencyKey: request.idempotencyKey,
        sealedVariables: seal(secret, request.variables),
      });
      if (created) await jobs.send(SEND_JOB, { id: row.id }, { singletonKey: `${row.id}:1` });
      return { id: row.id, created };
    },

    async attempt(id) {
      const db = deps.db();
      const row = await repo.claim(db, id, LEASE_MS);
      if (!row) return repo.findById(db, id);
      const provider = providers[row.channel];
      const variables = row.sealedVariables ? unseal(secret, row.sealedVariables) : null;
      if (!provider || provider.name !== row.provider || !variables) {
        await repo.markFailed(
          db,
          id,
          !variables ? 'variables unreadable (the app secret changed?)' : `provider ${row.provider} not configured`,
        );
        return finish(db, id);
      }
      const result = await provider
        .send({ kind: row.kind as MessageKind, to: row.recipient, variables, reference: row.id })
        .catch((err: Error) => ({ ok: false as const, retryable: true, reason: err.message }));
      if (result.ok) {
        await repo.markSent(db, id, result.providerMessageId);
      } else if (!result.retryable || row.attempts >= MAX_ATTEMPTS) {
        log.warn({ messageId: id, kind: row.kind, attempts: row.attempts, reason: result.reason }, 'message not sent');
        await repo.markFailed(db, id, result.reason);
      } else {
        const at = new Date(Date.now() + backoffMs(row.attempts));
        await repo.markRetry(db, id, result.reason, at);
        // the same message id, so the same sealed code: a retry never makes a second code
        await jobs.send(SEND_JOB, { id }, { startAfter: at, singletonKey: `${id}:${row.attempts + 1}` });
      }
      return finish(db, id);
    },

    async applyReports(provider, reports) {
      let changed = 0;
      for (const report of reports) {
        const rows = await repo.applyReport(deps.db(), { provider: provider.name, ...report });
        for (const r of rows) deps.onChange?.(r);
        changed += rows.length;
      }
      return changed;
    },
  };

  async function finish(db: Db, id: string) {
    const row = await repo.findById(db, id);
    if (row) deps.onChange?.(row);
    return row;
  }

  // a login code waits for this queue: fetched 20 at a time, every half second, side by side (attempts are
  // leased and idempotent, so a batch retried after one failure sends nothing twice)
  jobs.define<{ id: string }>(
    SEND_JOB,
    async ({ id }) => {
      await dispatcher.attempt(id);
    },
    { batchSize: 20 },
  );
  // a message whose job was lost (a process stopped mid-attempt) is picked up again within a minute
  jobs.define(SWEEP_JOB, async () => {
    for (const id of await repo.listDue(deps.db())) await dispatcher.attempt(id);
  });
  jobs.schedule(SWEEP_JOB, '* * * * *');
  return dispatcher;
}
