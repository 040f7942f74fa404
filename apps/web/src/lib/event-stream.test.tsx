import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http as mswHttp } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMswServer } from '../test/msw.ts';
import { ok } from '../test/render.tsx';
import { useEventStream } from './event-stream.ts';

const server = setupMswServer();

class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  readyState = 1;
  closed = false;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data = '{}') {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
  close() {
    this.closed = true;
  }
}

describe('useEventStream', () => {
  let tickets: string[];
  beforeEach(() => {
    FakeSource.all = [];
    tickets = [];
    vi.stubGlobal('EventSource', FakeSource);
    server.use(
      mswHttp.post('*/api/events/ticket', async ({ request }) => {
        tickets.push(((await request.json()) as { topics: string }).topics);
        return HttpResponse.json(ok({ ticket: `tkt${tickets.length}`, expiresInSeconds: 60 }));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the topics with a ticket, relays events to the latest handlers and says when it is live', async () => {
    const seen: string[] = [];
    const { result, rerender, unmount } = renderHook(
      ({ tag }: { tag: string }) => useEventStream('trip:T1', true, { POSITION: (e) => seen.push(`${tag}:${e.data}`) }),
      { initialProps: { tag: 'first' } },
    );
    await waitFor(() => expect(FakeSource.all).toHaveLength(1));
    const source = FakeSource.all[0]!;
    expect(tickets).toEqual(['trip:T1']);
    expect(source.url).toBe('/api/events/stream?topics=trip%3AT1&ticket=tkt1');
    expect(result.current.live).toBe(false);

    act(() => source.emit('ready'));
    expect(result.current.live).toBe(true);

    // new handlers on a re-render reach the same stream: nothing reopens
    rerender({ tag: 'second' });
    act(() => source.emit('POSITION', '{"lat":1}'));
    expect(seen).toEqual(['second:{"lat":1}']);
    expect(FakeSource.all).toHaveLength(1);

    act(() => source.onerror?.());
    expect(result.current.live).toBe(false);

    unmount();
    expect(source.closed).toBe(true);
  });

  it('opens nothing while switched off and closes when switched off', async () => {
    const { result, rerender } = renderHook(
      ({ on }: { on: boolean }) => useEventStream('order:BHD1', on, { 'order.status': () => undefined }),
      {
        initialProps: { on: false },
      },
    );
    rerender({ on: true });
    await waitFor(() => expect(FakeSource.all).toHaveLength(1));
    act(() => FakeSource.all[0]!.emit('ready'));
    expect(result.current.live).toBe(true);
    rerender({ on: false });
    expect(FakeSource.all[0]!.closed).toBe(true);
    expect(result.current.live).toBe(false);
    expect(tickets).toEqual(['order:BHD1']);
  });

  it('stays closed when the server ends the stream because the session ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { result } = renderHook(() => useEventStream('user:U1', true, {}));
      await waitFor(() => expect(FakeSource.all).toHaveLength(1));
      const source = FakeSource.all[0]!;
      act(() => source.emit('ready'));
      expect(result.current.live).toBe(true);
      act(() => source.emit('closed', '{"reason":"SESSION_ENDED"}'));
      expect(source.closed).toBe(true);
      expect(result.current.live).toBe(false);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000);
      });
      expect(FakeSource.all).toHaveLength(1);
      expect(tickets).toEqual(['user:U1']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens again with a fresh ticket when the server could not check the stream', async () => {
    const { result } = renderHook(() => useEventStream('fleet:OP1', true, {}));
    await waitFor(() => expect(FakeSource.all).toHaveLength(1));
    act(() => FakeSource.all[0]!.emit('closed', '{"reason":"CHECK_FAILED"}'));
    expect(FakeSource.all[0]!.closed).toBe(true);
    await waitFor(() => expect(FakeSource.all).toHaveLength(2), { timeout: 3_000 });
    expect(tickets).toEqual(['fleet:OP1', 'fleet:OP1']);
    act(() => FakeSource.all[1]!.emit('ready'));
    expect(result.current.live).toBe(true);
  });
});
