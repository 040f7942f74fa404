import type { Place } from '@bhada/contracts/account/places';
import { doublePrecision, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/** Places search reads (migration 0115, ADR 113): curated rows, districts and post-office localities. */
export const gazetteer = pgTable('gazetteer', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  nameLower: text('name_lower').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  pin: text('pin'),
  address: text('address').notNull(),
  addressType: text('address_type').$type<Place['addressType']>().notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  /** 0 curated major city, 1 curated freight hub, 2 district, 3 post-office locality */
  rank: smallint('rank').notNull(),
});

/** Progress of the background import of one source file (resumable, once per database). */
export const gazetteerImports = pgTable('gazetteer_imports', {
  source: text('source').primaryKey(),
  nextLine: integer('next_line').notNull().default(0),
  totalLines: integer('total_lines'),
  startedAt: ts('started_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
});
