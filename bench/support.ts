import { execSync } from 'node:child_process';
import { demoToken, freshPgDatabase, type LoadResult, load, startServer, table, tempDir } from './lib.ts';

const duration = Number(process.env.BENCH_SECONDS ?? 20);
const OPERATOR = 'OP1001';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const THREADS = Number(process.env.BENCH_THREADS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** TICKETS tickets for one operator, inserted with SQL beside the seeded ones (every status and category, spread over a year). */
function insertTickets(dbUrl: string) {
  const statuses = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'];
  const categories = ['TRIP_DELAY', 'TRIP_PAYMENT', 'POD_REJECTED', 'PAYMENT', 'LOAD', 'OTHER'];
  const sql = `
    INSERT INTO tickets (id, operator_id, raised_by, category, reference_type, reference_id, subject, details, status,
                         message_count, last_message_at, created_at, updated_at)
    SELECT 'TKT-B' || lpad(g::text, 7, '0'), '${OPERATOR}', 'UOP1001',
           (ARRAY['${categories.join("','")}'])[1 + g % ${categories.length}], 'NONE', '',
           'Bench ticket ' || g, '{}'::jsonb,
           CASE WHEN g <= ${THREADS} THEN 'OPEN' ELSE (ARRAY['${statuses.join("','")}'])[1 + g % ${statuses.length}] END,
           0, now() - (g || ' minutes')::interval * 5, now() - (g || ' minutes')::interval * 5, now() - (g || ' minutes')::interval * 5
    FROM generate_series(1, ${TICKETS}) g;
    ANALYZE tickets;`;
  execSync(`psql ${dbUrl} -qv ON_ERROR_STOP=1`, { input: sql });
  return Number(execSync(`psql ${dbUrl} -tAc "SELECT count(*) FROM tickets WHERE operator_id = '${OPERATOR}'"`).toString().trim());
}

async function ticketList(url: string, token: string, total: number) {
  const rows: LoadResult[] = [];
  rows.push(await load('GET /api/health (baseline)', `${url}/api/health`, { duration }));
  rows.push(
    await load(
      `GET /rest/tesseract/v1/ticket?pageNo=0&pageSize=20 (${total} tickets)`,
      `${url}/api/rest/tesseract/v1/ticket?pageNo=0&pageSize=20`,
      {
        duration,
        headers: { token },
      },
    ),
  );
  rows.push(
    await load('GET …/ticket?status=OPEN&pageNo=0&pageSize=20', `${url}/api/rest/tesseract/v1/ticket?status=OPEN&pageNo=0&pageSize=20`, {
      duration,
      headers: { token },
    }),
  );
  rows.push(
    await load('GET …/ticket?pageNo=200&pageSize=20 (deep page)', `${url}/api/rest/tesseract/v1/ticket?pageNo=200&pageSize=20`, {
      duration,
      headers: { token },
    }),
  );
  console.log(`\n### Ticket list on PostgreSQL, operator with ${total} tickets, autocannon 50 connections, ${duration} s each\n`);
  table(rows);
  const health = rows[0]!;
  console.log(
    `\n| list p99 ÷ health p99 | ${rows
      .slice(1)
      .map((r) => (r.p99 / Math.max(health.p99, 1)).toFixed(1))
      .join(' / ')} |`,
  );
}

/** One open event stream on a ticket's topic; resolves `ready`, and reports each ticket.message's arrival time. */
async function openThread(url: string, token: string, ticketId: string, onMessage: (at: number) => void) {
  const r = await fetch(`${url}/api/events/ticket`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/json' },
    body: JSON.stringify({ topics: `ticket:${ticketId}` }),
  });
  const body = (await r.json()) as { data?: { ticket: string }; ticket?: string };
  const ticket = body.data?.ticket ?? body.ticket;
  if (!r.ok || !ticket) throw new Error(`event ticket for ${ticketId}: ${r.status}`);
  const controller = new AbortController();
  const res = await fetch(
    `${url}/api/events/stream?topics=${encodeURIComponent(`ticket:${ticketId}`)}&ticket=${encodeURIComponent(ticket)}`,
    {
      signal: controller.signal,
    },
  );
  if (!res.ok || !res.body) throw new Error(`stream for ${ticketId}: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const type = frame.match(/^event: (.+)$/m)?.[1];
          if (type === 'ready') resolveReady();
          if (type === 'ticket.message') onMessage(performance.now());
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await ready;
  return () => controller.abort();
}

/** THREADS operator screens follow their ticket; the desk replies on each in turn, ROUNDS times; delay = send → event on the screen. */
async function replyDelivery(url: string, opToken: string, adminToken: string) {
  const ids = Array.from({ length: THREADS }, (_, i) => `TKT-B${String(i + 1).padStart(7, '0')}`);
  const waiting = new Map<string, (at: number) => void>();
  const closers: Array<() => void> = [];
  for (const id of ids) {
    closers.push(
      await openThread(url, opToken, id, (at) => {
        waiting.get(id)?.(at);
        waiting.delete(id);
      }),
    );
  }
  const delays: number[] = [];
  const sendMs: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const id of ids) {
        const arrived = new Promise<number>((resolve) => waiting.set(id, resolve));
        const started = performance.now();
        const r = await fetch(`${url}/api/admin/tickets/${id}/messages`, {
          method: 'POST',
          headers: { token: adminToken, 'content-type': 'application/json' },
          body: JSON.stringify({ message: `Reply ${round} on ${id}` }),
        });
        sendMs.push(performance.now() - started);
        if (!r.ok) throw new Error(`reply on ${id}: ${r.status} ${await r.text()}`);
        const at = await Promise.race([
          arrived,
          new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`no event for ${id}`)), 10_000)),
        ]);
        delays.push(at - started);
      }
    }
  } finally {
    for (const close of closers) close();
  }
  console.log(`\n### Reply delivery to the operator's open thread, ${THREADS} threads streaming at once, ${delays.length} replies\n`);
  console.log('| measure | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|');
  console.log(
    `| desk reply sent → ticket.message on the thread's stream | ${median(delays).toFixed(1)} | ${pct(delays, 99).toFixed(1)} | ${Math.max(...delays).toFixed(1)} |`,
  );
  console.log(
    `| desk reply POST (response time) | ${median(sendMs).toFixed(1)} | ${pct(sendMs, 99).toFixed(1)} | ${Math.max(...sendMs).toFixed(1)} |`,
  );
}

export async function runSupport() {
  console.log('## Support');
  const dbUrl = freshPgDatabase('bhada_bench_support');
  const server = await startServer({ port: 3241, env: { DATA_DIR: tempDir('support'), DATABASE_URL: dbUrl, JOBS_ENABLED: 'false' } });
  try {
    const total = insertTickets(dbUrl);
    const token = await demoToken(server.url);
    const adminToken = await demoToken(server.url, '9000000900');
    const parts = process.env.BENCH_PARTS?.split(',') ?? ['list', 'reply'];
    if (parts.includes('list')) await ticketList(server.url, token, total);
    if (parts.includes('reply')) await replyDelivery(server.url, token, adminToken);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runSupport();
