import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render.tsx';
import { VirtualRows } from './virtual-rows.tsx';

/** A ResizeObserver the test drives: it remembers what is observed and reports the sizes it is told. */
class ObserverProbe {
  static all: ObserverProbe[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    ObserverProbe.all.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  report(element: Element, height: number) {
    const entry = { target: element, borderBoxSize: [{ blockSize: height, inlineSize: 360 }] } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
}

const rows = Array.from({ length: 40 }, (_, i) => ({ id: `tag-${i}`, name: `Tag ${i}` }));
const rowOf = (id: string) => screen.getByText(`Tag ${id}`).closest('[data-index]') as HTMLElement;

describe('VirtualRows (ADR 184)', () => {
  const stub = window.ResizeObserver;
  beforeEach(() => {
    ObserverProbe.all = [];
    window.ResizeObserver = ObserverProbe as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    window.ResizeObserver = stub;
    vi.restoreAllMocks();
  });

  it('places new rows at their estimate without reading the layout, then at the height the observer reports', async () => {
    // the list's viewport: 600 px tall (jsdom lays nothing out)
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const reads = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const renderRow = vi.fn((row: (typeof rows)[number]) => <div>{row.name}</div>);
    renderApp(
      <VirtualRows
        rows={rows}
        estimateSize={100}
        renderRow={renderRow}
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => undefined}
        label="Tags"
        getKey={(row) => row.id}
      />,
    );

    expect(await screen.findByText('Tag 0')).toBeInTheDocument();
    const rowReads = reads.mock.contexts.filter((element) => (element as HTMLElement).hasAttribute('data-index'));
    expect(rowReads).toHaveLength(0);
    expect(rowOf('1').style.transform).toBe('translateY(100px)');
    expect(rowOf('2').style.transform).toBe('translateY(200px)');

    const drawn = renderRow.mock.calls.length;
    const observer = ObserverProbe.all.find((o) => o.observed.has(rowOf('0')));
    if (!observer) throw new Error('nothing observes the first row');
    act(() => observer.report(rowOf('0'), 150));

    expect(rowOf('1').style.transform).toBe('translateY(150px)');
    expect(rowOf('2').style.transform).toBe('translateY(250px)');
    // moving the rows redraws the list, not the rows' contents
    expect(renderRow.mock.calls.length).toBe(drawn);
  });
});
