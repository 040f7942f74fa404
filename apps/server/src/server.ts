import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();

/**
 * WEB_CONCURRENCY=N runs N processes that share the port (ADR 155). The first worker is the leader: it alone
 * seeds an empty database, runs the background jobs and imports the postal places (ADR 166); the others
 * start once it listens. A worker that dies is started again in the same role. The embedded database
 * belongs to one process, so PGlite runs one.
 */
async function supervise(workers: number) {
  const roles = new Map<number, { leader: boolean }>();
  let stopping = false;
  const fork = (leader: boolean) => {
    const worker = cluster.fork(leader ? {} : { JOBS_ENABLED: 'false', SEED_DEMO: 'false', PLACES_IMPORT: 'false' });
    roles.set(worker.id, { leader });
    return worker;
  };
  cluster.on('exit', (worker, code, signal) => {
    const role = roles.get(worker.id);
    roles.delete(worker.id);
    if (stopping || !role) return;
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork(role.leader);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), config.SHUTDOWN_GRACE_MS + 2_000).unref();
    const done = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    };
    cluster.on('exit', done);
    done();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const leader = fork(true);
  await new Promise<void>((resolve, reject) => {
    leader.once('listening', () => resolve());
    leader.once('exit', (code) => reject(new Error(`the first server process ended before listening (${code})`)));
  });
  for (let i = 1; i < workers; i++) fork(false);
}

async function serve() {
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
}

const workers = config.DATABASE_URL ? config.WEB_CONCURRENCY : 1;
if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
  console.warn('WEB_CONCURRENCY is ignored on the embedded database: one process owns it');
}
if (workers > 1 && cluster.isPrimary) await supervise(workers);
else await serve();
