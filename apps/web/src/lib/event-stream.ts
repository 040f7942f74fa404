import { useEffect, useRef, useState } from 'react';
import { http } from './http.ts';

type Handler = (event: MessageEvent<string>) => void;
export type StreamHandlers = Record<string, Handler>;

type Ticket = { ticket: string; expiresInSeconds: number };

const MAX_BACKOFF_MS = 30_000;

/** The reason in the server's last `closed` event, if it is readable. */
function endReason(event: MessageEvent<string>): string | undefined {
  try {
    return (JSON.parse(event.data) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}

/**
 * Opens the server's event stream for some topics. The session token never goes into the URL: the page
 * trades it (in the header) for a short ticket that opens only these topics, and fetches a new one when
 * the stream drops for good (ADR 091). Returns the function that closes the stream.
 */
export function openEventStream(
  topics: string,
  handlers: StreamHandlers,
  status: { onOpen?: () => void; onDown?: () => void } = {},
): () => void {
  let closed = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;

  const retryLater = () => {
    if (closed) return;
    timer = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++));
  };

  async function connect() {
    let ticket: Ticket;
    try {
      ticket = await http.post<Ticket>('/api/events/ticket', { topics }, { quiet400: true });
    } catch {
      retryLater();
      return;
    }
    if (closed) return;
    source = new EventSource(`/api/events/stream?topics=${encodeURIComponent(topics)}&ticket=${encodeURIComponent(ticket.ticket)}`);
    for (const [type, handler] of Object.entries(handlers)) source.addEventListener(type, handler as EventListener);
    source.addEventListener('ready', () => {
      attempt = 0;
      status.onOpen?.();
    });
    // the server ends a stream whose session ended or lost a permission it needs, saying why (ADR 300):
    // only a check that could not run is worth a fresh ticket; otherwise the stream stays closed
    source.addEventListener('closed', (event) => {
      source?.close();
      status.onDown?.();
      if (endReason(event as MessageEvent<string>) === 'CHECK_FAILED') retryLater();
    });
    source.onerror = () => {
      status.onDown?.();
      // the browser retries a dropped stream by itself with the same ticket; once the ticket has
      // expired the server refuses it and the stream closes, so a fresh ticket is needed
      if (source?.readyState === 2) {
        source.close();
        retryLater();
      }
    };
  }

  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}

/**
 * The one hook for following the event stream (ADR 099): follows `topics` while `enabled` and answers
 * whether the stream is live (opened and not dropped since), for the screens that show it. The handlers
 * and status callbacks may change between renders without reopening; only the topics and the switch do.
 */
export function useEventStream(
  topics: string,
  enabled: boolean,
  handlers: StreamHandlers,
  status: { onOpen?: () => void; onDown?: () => void } = {},
): { live: boolean } {
  const latest = useRef({ handlers, status });
  latest.current = { handlers, status };
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const types = Object.keys(latest.current.handlers);
    const relay = Object.fromEntries(types.map((type) => [type, (event: MessageEvent<string>) => latest.current.handlers[type]?.(event)]));
    const close = openEventStream(topics, relay, {
      onOpen: () => {
        setLive(true);
        latest.current.status.onOpen?.();
      },
      onDown: () => {
        setLive(false);
        latest.current.status.onDown?.();
      },
    });
    return () => {
      close();
      setLive(false);
    };
    // the handler types are fixed by each caller; only the topics and the switch reopen the stream
  }, [topics, enabled]);
  return { live };
}
