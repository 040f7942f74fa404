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
    running = (async () => {
      const started = Date.now();
      try {
        const result = await importPostalPlaces(app.db, {
          file,
          source: key,
          pause: () => sleep(10),
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
