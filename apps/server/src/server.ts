import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const app = await buildApp(config);

let stopping = false;
// Fastify stops accepting (new requests get 503), event streams end at once, requests in flight answer,
// then the job workers stop and the database closes last; past the grace period the process exits anyway
// (ADR 093)
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS).unref();
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
