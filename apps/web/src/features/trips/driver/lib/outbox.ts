/**
 * The driver's outbox (ADR 260): every action and every batch of positions is written here first, with its
 * own id and the time it happened, and sent in order when there is signal. The server answers a replayed id
 * with its first answer, so sending again after a dropped connection changes nothing. Kept in localStorage
 * (a few kilobytes of JSON per trip) so a reload or a closed tab keeps it; photos wait in IndexedDB
 * (photo-store.ts) and only their upload steps queue here.
 */
export type OutboxKind = 'stage' | 'delay' | 'positions' | 'location' | 'pod';
export type OutboxItem = { id: string; kind: OutboxKind; body: Record<string, unknown>; queuedAt: number; tries: number };

const keyOf = (token: string) => `bhada-driver-outbox:${token.slice(0, 12)}`;
const memory = new Map<string, OutboxItem[]>();

function read(token: string): OutboxItem[] {
  try {
    const raw = window.localStorage.getItem(keyOf(token));
    return raw ? (JSON.parse(raw) as OutboxItem[]) : (memory.get(token) ?? []);
  } catch {
    return memory.get(token) ?? [];
  }
}

function write(token: string, items: OutboxItem[]) {
  memory.set(token, items);
  try {
    window.localStorage.setItem(keyOf(token), JSON.stringify(items));
  } catch {
    // storage full or blocked: the memory copy keeps this visit's queue
  }
}

export function newActionId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Math.random().toString(36).slice(2)}${Date.now()}`;
  return random.replace(/[^A-Za-z0-9-]/g, '').slice(0, 40);
}

export const outbox = {
  list: read,
  add(token: string, kind: OutboxKind, body: Record<string, unknown>): OutboxItem {
    const item: OutboxItem = { id: (body.actionId as string) ?? newActionId(), kind, body, queuedAt: Date.now(), tries: 0 };
    write(token, [...read(token), item]);
    return item;
  },
  drop(token: string, id: string) {
    write(
      token,
      read(token).filter((i) => i.id !== id),
    );
  },
  bump(token: string, id: string) {
    write(
      token,
      read(token).map((i) => (i.id === id ? { ...i, tries: i.tries + 1 } : i)),
    );
  },
  clear(token: string) {
    write(token, []);
  },
};

/** What sending one item may end in: sent (or refused for good, dropped with its reason), or wait for signal. */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; code: string } | { kind: 'offline' };

/**
 * Sends the queue in order, one at a time; stops at the first item that could not reach the server, so a
 * later action never overtakes an earlier one. A refused item (the trip's rules said no, ADR 260) is dropped
 * and reported, and the queue goes on.
 */
export async function flush(
  token: string,
  send: (item: OutboxItem) => Promise<SendOutcome>,
  onRefused: (item: OutboxItem, code: string) => void = () => undefined,
): Promise<{ sent: number; left: number }> {
  let sent = 0;
  for (const item of read(token)) {
    const outcome = await send(item);
    if (outcome.kind === 'offline') {
      outbox.bump(token, item.id);
      break;
    }
    outbox.drop(token, item.id);
    if (outcome.kind === 'refused') onRefused(item, outcome.code);
    else sent++;
  }
  return { sent, left: read(token).length };
}
