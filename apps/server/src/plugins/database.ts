import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db, SqlRunner } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    sql: SqlRunner;
    database: Database;
  }
}

/** Decorates the app with the database (opened by buildApp) and applies pending migrations. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; closeOnExit: boolean }) => {
    const applied = await migrate(opts.database.sql);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.decorate('sql', opts.database.sql);
    if (opts.closeOnExit) app.addHook('onClose', async () => opts.database.sql.close());
  },
  { name: 'database' },
);
