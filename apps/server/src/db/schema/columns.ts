import { bigint, timestamp } from 'drizzle-orm/pg-core';

// The column builders every schema file shares (ADR 082).

/** A moment with its time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Money in integer paisa (ARCHITECTURE §5); JS numbers are exact up to 2^53 paisa (₹90 lakh crore). */
export const paisa = (name: string) => bigint(name, { mode: 'number' });

/** `created_at`: when the row was written, set by the database. */
export const created = () => ts('created_at').notNull().defaultNow();

/** `updated_at`: set by the database on insert, by the repository on every change. */
export const updated = () => ts('updated_at').notNull().defaultNow();
