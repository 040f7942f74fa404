import { type AccountKind, LEDGER_ERRORS, LEDGER_MESSAGES } from '@bhada/contracts/money/ledger';
import { type Db, inTransaction, type NamedWrite } from '../../../db/client.ts';
import { sha256 } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { type Memo, renderMemo } from '../../../lib/texts/memos.ts';
import { type AccountRef, accountId, accounts, EXTERNAL_KINDS, isSharded, shardFor } from './accounts.ts';
import * as repo from './ledger.repository.ts';

/** Accounts of the outside world: they mirror money entering or leaving and may go negative. */
const EXTERNAL: ReadonlySet<AccountKind> = EXTERNAL_KINDS;

export { type AccountRef, accountId, accounts, SHARDS, SYSTEM_OWNER } from './accounts.ts';

/** One leg of an entry, in paisa: positive raises the account's balance, negative lowers it. */
export interface Leg {
  account: AccountRef;
  amount: number;
}

export interface EntryInput {
  kind: string;
  /** what the movement was, as data rendered in the reader's language (ADR 275); free text only for tests */
  memo: Memo | string;
  legs: Leg[];
  referenceType?: string;
  referenceId?: string;
  metadata?: Record<string, unknown>;
  /** when the movement happened; only imports and the demo seed backdate (default: now) */
  at?: Date;
}

export interface PostedEntry {
  entryId: string;
  /** opening and closing balance of every account the entry touched, in paisa */
  balances: Record<string, { opening: number; closing: number }>;
}

/**
 * No account holds more than 10^15 paisa (₹10 lakh crore) either way, and no leg moves more: every sum the
 * ledger does then stays far inside exact integer arithmetic, and the database refuses the same bound (ADR 077).
 */
export const MAX_ACCOUNT_PAISA = 1_000_000_000_000_000;

const beyondBound = () => new AppError('VALIDATION_FAILED', 'Amount is beyond what an account may hold');

function assertBalanced(input: EntryInput) {
  if (input.legs.length < 2) throw new Error('an entry needs at least two legs');
  for (const leg of input.legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0)
      throw new Error(`leg amount must be a non-zero integer of paisa, got ${leg.amount}`);
    if (Math.abs(leg.amount) > MAX_ACCOUNT_PAISA) throw beyondBound();
  }
  if (input.legs.reduce((s, l) => s + l.amount, 0) !== 0) throw new Error('entry legs must sum to zero');
}

/**
 * The key an outside-world account's shard is chosen by (ADR 158): the holder accounts of the movement, so
 * the same tag or wallet meets the same shard and different ones spread out. A book of many entries (a toll
 * batch) keys by all its holders, so it locks one shard of each outside-world account, not one per holder.
 */
const holderKeyOf = (accountsOf: AccountRef[]) => [...new Set(accountsOf.filter((a) => !isSharded(a)).map(accountId))].sort().join('|');

/** The legs with every outside-world account resolved to the shard of this key. */
const sharded = (legs: Leg[], holderKey: string): Leg[] => legs.map((l) => ({ account: shardFor(l.account, holderKey), amount: l.amount }));

/**
 * Accounts this process has seen committed. Accounts are never deleted, so a known account needs no
 * "create if missing" round trip before its lock (ADR 158). Bounded: forgetting only costs that trip.
 */
const known = new Set<string>();

const WALLET_PREFIX = accountId(accounts.operatorWallet(''));

/**
 * The one global order accounts are locked in (ADR 180): operators' wallets first, then every other account by
 * id, as `repo.lockAccounts` locks them. A wallet is shared by every movement of its operator, a tag or an
 * escrow by those of one object: a movement waiting its turn for the wallet holds nothing, where in id order a
 * recharge held its tag while it queued for the wallet, and every toll batch over that tag queued behind it.
 */
function lockOrder(a: string, b: string) {
  const wa = a.startsWith(WALLET_PREFIX);
  const wb = b.startsWith(WALLET_PREFIX);
  if (wa !== wb) return wa ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Locks the accounts in the global lock order. Accounts not known to exist are created first, before any lock
 * is held, so every transaction still takes its row locks in one global order (no deadlocks).
 */
async function lockOrCreate(tx: Db, refs: Map<string, AccountRef>) {
  // one global order for creating and for locking: two batches over the same new accounts wait, never cross
  const ids = [...refs.keys()].sort(lockOrder);
  const unknown = ids.filter((id) => !known.has(id));
  let created = new Set<string>();
  const ensure = async (list: string[]) =>
    repo.ensureAccounts(
      tx,
      list.map((id) => {
        const ref = refs.get(id)!;
        return { id, kind: ref.kind, ownerId: ref.ownerId, allowNegative: EXTERNAL.has(ref.kind) };
      }),
    );
  if (unknown.length) created = new Set(await ensure(unknown));
  let locked = await repo.lockAccounts(tx, ids);
  if (locked.length < ids.length) {
    // remembered from another database (tests build many in one process): create and lock again
    const have = new Set(locked.map((a) => a.id));
    for (const id of await ensure(ids.filter((id) => !have.has(id)))) created.add(id);
    locked = await repo.lockAccounts(tx, ids);
  }
  if (known.size > 200_000) known.clear();
  // an account this transaction created is known only once it has been seen committed
  for (const a of locked) if (!created.has(a.id)) known.add(a.id);
  return locked;
}

/**
 * Accounts locked by one transaction, with their balances as this transaction's entries move them
 * (ADR 164). One lock round serves many entries; each entry is checked on its own against the
 * balances so far, and one the book refuses changes nothing. `flush` writes every entry at once.
 */
export class LedgerBook {
  private readonly state: Map<string, { balance: number; start: number; allowNegative: boolean }>;
  private readonly entries: repo.EntryRow[] = [];
  private readonly rows: Array<{ entryId: string; accountId: string; amount: number; balanceAfter: number }> = [];

  constructor(
    locked: Array<{ id: string; balance: number; allowNegative: boolean }>,
    /** the key every entry of this book resolves its outside-world shards by */
    private readonly shardKey: string,
  ) {
    this.state = new Map(locked.map((a) => [a.id, { balance: a.balance, start: a.balance, allowNegative: a.allowNegative }]));
  }

  /** A holder account's balance as this book stands (an outside-world account is split: use balanceOf). */
  balance(ref: AccountRef): number {
    const s = this.state.get(accountId(ref));
    if (!s) throw new Error(`account ${accountId(ref)} is not in this book`);
    return s.balance;
  }

  /** Posts one entry: its legs sum to zero and no holder goes below zero, or it throws and nothing moves. */
  post(input: EntryInput): PostedEntry {
    assertBalanced(input);
    const next = new Map<string, number>();
    const balances: PostedEntry['balances'] = {};
    const legs = sharded(input.legs, this.shardKey);
    for (const leg of legs) {
      const id = accountId(leg.account);
      const s = this.state.get(id);
      if (!s) throw new Error(`account ${id} is not in this book`);
      const opening = next.get(id) ?? s.balance;
      const closing = opening + leg.amount;
      if (Math.abs(closing) > MAX_ACCOUNT_PAISA) throw beyondBound();
      if (closing < 0 && !s.allowNegative) throw new AppError(LEDGER_ERRORS.INSUFFICIENT_BALANCE, LEDGER_MESSAGES.insufficientBalance);
      next.set(id, closing);
      balances[id] = { opening: balances[id]?.opening ?? opening, closing };
    }
    const entryId = newId('JE', 14);
    for (const leg of legs) {
      const s = this.state.get(accountId(leg.account))!;
      s.balance += leg.amount;
      this.rows.push({ entryId, accountId: accountId(leg.account), amount: leg.amount, balanceAfter: s.balance });
    }
    this.entries.push({
      id: entryId,
      kind: input.kind,
      memo: typeof input.memo === 'string' ? input.memo : renderMemo(input.memo, 'en'),
      memoData: typeof input.memo === 'string' ? null : input.memo,
      referenceType: input.referenceType ?? null,
      referenceId: input.referenceId ?? null,
      metadata: input.metadata ?? {},
      createdAt: input.at ?? null,
    });
    return { entryId, balances };
  }

  /**
   * Writes what was posted since the last flush: entries, postings and the changed balances, with the
   * movement's own writes (`alongside`, ADR 177) in the same statement.
   */
  async flush(tx: Db, alongside: NamedWrite[] = []) {
    const changed: Array<{ id: string; balance: number }> = [];
    for (const [id, s] of this.state) {
      if (s.balance !== s.start) changed.push({ id, balance: s.balance });
      s.start = s.balance;
    }
    const entries = this.entries.splice(0);
    const rows = this.rows.splice(0);
    if (!entries.length && !alongside.length) return;
    // bounded statements for the demo seed's thousands of entries; balances and the rest go with the last part
    for (let i = 0; i === 0 || i < entries.length; i += 2000) {
      const part = entries.slice(i, i + 2000);
      const ids = new Set(part.map((e) => e.id));
      const last = i + 2000 >= entries.length;
      await repo.writeEntries(
        tx,
        part,
        rows.filter((r) => ids.has(r.entryId)),
        last ? changed : [],
        last ? alongside : [],
      );
    }
  }
}

/**
 * Opens a book over every account the planned entries may touch (each plan: the accounts of one entry),
 * locked in one round; outside-world accounts resolve to the one shard the book's holders choose.
 */
export async function openBook(tx: Db, plans: AccountRef[][]): Promise<LedgerBook> {
  const shardKey = holderKeyOf(plans.flat());
  const refs = new Map<string, AccountRef>();
  for (const account of plans.flat()) {
    const ref = shardFor(account, shardKey);
    refs.set(accountId(ref), ref);
  }
  return new LedgerBook(refs.size ? await lockOrCreate(tx, refs) : [], shardKey);
}

/**
 * Posts one journal entry inside the caller's transaction (a book of one): checks the legs sum to
 * zero, locks the accounts in a fixed order, refuses a holder balance below zero, writes postings
 * with their closing balances and updates the balances — all or nothing.
 */
export async function postEntry(tx: Db, input: EntryInput): Promise<PostedEntry> {
  assertBalanced(input);
  const book = await openBook(tx, [input.legs.map((l) => l.account)]);
  const posted = book.post(input);
  await book.flush(tx);
  return posted;
}

/**
 * Posts many entries in order with one lock round and one write (the demo seed and imports of
 * history): the same rules as postEntry — balanced legs, no holder below zero at any step.
 */
export async function postEntries(tx: Db, given: EntryInput[]): Promise<PostedEntry[]> {
  if (!given.length) return [];
  for (const input of given) assertBalanced(input);
  const book = await openBook(
    tx,
    given.map((input) => input.legs.map((l) => l.account)),
  );
  const posted = given.map((input) => book.post(input));
  await book.flush(tx);
  return posted;
}

/**
 * Runs a money-moving operation once per (scope, key) in one transaction. A repeat — sequential or
 * concurrent — waits for the first to commit and returns its stored answer; the same key with a
 * different request is refused.
 */
export async function withIdempotency<T>(
  db: Db,
  opts: { scope: string; key: string; request: unknown },
  run: (tx: Db) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = requestHash(opts.request);
  return inTransaction(db, async (tx) => {
    const earlier = await claimOrReplay<T>(tx, opts, hash);
    if (earlier) return earlier;
    const result = await run(tx);
    await repo.storeIdempotentResponse(tx, { scope: opts.scope, key: opts.key, requestHash: hash }, result ?? null);
    return { result, replayed: false };
  });
}

/**
 * One movement, once per (scope, key), with the fewest round trips while its accounts are locked (ADR 177):
 * the key is claimed, the accounts of `plans` locked in one round, `post` posts against the book (a
 * refusal throws and nothing is written), then its entries, its own writes and the key's answer go as one
 * statement before the commit. Repeats answer as withIdempotency's do.
 */
export async function postOnce<T>(
  db: Db,
  opts: { scope: string; key: string; request: unknown },
  plans: AccountRef[][],
  post: (book: LedgerBook) => { result: T; writes: NamedWrite[] },
): Promise<{ result: T; replayed: boolean }> {
  const hash = requestHash(opts.request);
  return inTransaction(db, async (tx) => {
    const earlier = await claimOrReplay<T>(tx, opts, hash);
    if (earlier) return earlier;
    const book = await openBook(tx, plans);
    const { result, writes } = post(book);
    await book.flush(tx, [...writes, repo.idempotentAnswers(opts.scope, [{ key: opts.key, requestHash: hash, response: result ?? null }])]);
    return { result, replayed: false };
  });
}

/** Claims the key, or answers as its first request did (refusing the same key with another request). */
async function claimOrReplay<T>(tx: Db, opts: { scope: string; key: string }, hash: string) {
  const existing = await repo.claimIdempotencyKey(tx, { scope: opts.scope, key: opts.key, requestHash: hash });
  if (!existing) return undefined;
  if (existing.requestHash !== hash) throw new AppError(LEDGER_ERRORS.IDEMPOTENCY_MISMATCH, LEDGER_MESSAGES.idempotencyMismatch);
  return { result: existing.response as T, replayed: true };
}

/** The fingerprint a key's request is compared by: the same key with another request is refused. */
export const requestHash = (request: unknown) => sha256(JSON.stringify(request ?? null));

/**
 * Claims many keys of one scope inside the caller's transaction (ADR 164): answers the keys already
 * there, with their request hash and stored answer; every other key is now held until the commit.
 */
export function claimIdempotencyKeys(tx: Db, scope: string, rows: Array<{ key: string; requestHash: string }>) {
  return repo.claimIdempotencyKeys(tx, { scope, rows });
}

/** The write that stores the answers of keys this transaction claimed (to go alongside a flush). */
export const idempotentAnswers = repo.idempotentAnswers;
export type { IdempotentAnswer } from './ledger.repository.ts';

/** An account's balance; an outside-world account's is the sum of its shards (ADR 158). */
export async function balanceOf(db: Db, ref: AccountRef): Promise<number> {
  if (isSharded(ref)) return repo.sumShardBalances(db, { kind: ref.kind, ownerId: ref.ownerId });
  return (await repo.findBalance(db, accountId(ref))) ?? 0;
}

export async function statement(db: Db, ref: AccountRef, page: { pageNo: number; pageSize: number }) {
  return repo.listAccountPostings(db, { accountId: accountId(ref), limit: page.pageSize, offset: page.pageNo * page.pageSize });
}

/** Balances of these accounts just before a moment (the closing balance of their last posting before it), in paisa. */
export async function balancesBefore(db: Db, refs: AccountRef[], at: Date): Promise<Map<string, number>> {
  if (!refs.length) return new Map();
  return repo.findBalancesBefore(db, { accountIds: refs.map(accountId), at });
}

/** An account's postings in a time window, oldest first, a page at a time (statements stream these). */
export async function postingsBetween(db: Db, ref: AccountRef, range: { from: Date; to: Date }, page: { afterId: number; limit: number }) {
  return repo.listAccountPostingsBetween(db, { accountId: accountId(ref), range, page });
}

/** The reconciliation proof behind `npm run ledger:check`. */
export async function checkLedger(db: Db) {
  const found = await repo.findInconsistencies(db);
  const ok = !found.unbalancedEntries.length && !found.mismatchedAccounts.length && !found.entriesWithoutPostings.length;
  return { ok, ...found };
}
