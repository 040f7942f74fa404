import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { defaultPostalSource, importPostalPlaces } from './places.import.ts';

/**
 * Starts the postal places import once the server listens (ADR 113), so it never delays the first start; the
 * server answers between batches and search works on what is there. Stops after the current batch on close;
 * the next start resumes. Off with PLACES_IMPORT=false (tests import a slice themselves).
 */
export function registerPlacesImport(app: FastifyInstance, opts: { enabled: boolean; file?: string }) {
  if (!opts.enabled) return;
  let stopping = false;
  let running: Promise<void> | undefined;
  app.addHook('onListen', async () => {
    const source = defaultPostalSource();
    const file = opts.file ?? source.file;
    // a file of one's own (a slice, a newer dump) is a source of its own
    const key = opts.file ? `file:${opts.file}` : source.source;
    // Each batch is followed by a rest four times its length, so the import takes at most a fifth of the
    // machine the server shares with its database (ADR 166). The embedded database runs every statement on
    // the server's one thread and stops all answers while a batch runs, so its batches are smaller too.
    const embedded = app.sql.kind === 'pglite';
    let batchStarted = performance.now();
    const pause = async () => {
      await sleep(Math.max(10, 4 * (performance.now() - batchStarted)));
      batchStarted = performance.now();
    };
    running = (async () => {
      const started = Date.now();
      try {
        const result = await importPostalPlaces(app.db, {
          file,
          source: key,
          ...(embedded ? { batchSize: 500 } : {}),
          pause,
          stop: () => stopping,
        });
        if (result.lines > 0)
          app.log.info({ source: key, lines: result.lines, complete: result.complete, ms: Date.now() - started }, 'postal places imported');
      } catch (err) {
        if (!stopping) app.log.error({ err, source: key }, 'postal places import failed; it resumes at the next start');
      }
    })();
  });
  app.addHook('preClose', async () => {
    stopping = true;
    await running;
  });
}
