import { Box, Center, Loader } from '@mantine/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useEffect, useRef } from 'react';

/** spec: fastag-payments-shell §4 and §9 — the next page loads within 100 px of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

/**
 * A row's height as the ResizeObserver reports it, after the browser's own layout. A row just mounted keeps
 * its last known height (else the estimate) until then: reading it at once would force a layout in the
 * middle of React's commit and re-render the list synchronously, the longest task of a list page on a
 * phone (ADR 184).
 */
const sizeFromObserver = (element: Element, entry: ResizeObserverEntry | undefined, virtualizer: Virtualizer<HTMLDivElement, Element>) => {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = virtualizer.indexFromElement(element);
  return virtualizer.itemSizeCache.get(virtualizer.options.getItemKey(index)) ?? virtualizer.options.estimateSize(index);
};

/**
 * One row's content. The list re-renders itself whenever a row's height or the scroll position moves the
 * rows; the rows' contents stay as they are unless their data or the page's way of drawing them changed.
 */
const Row = memo(function Row<T>({ row, index, renderRow }: { row: T; index: number; renderRow: (row: T, index: number) => ReactNode }) {
  return renderRow(row, index);
}) as <T>(props: { row: T; index: number; renderRow: (row: T, index: number) => ReactNode }) => ReactNode;

/**
 * A long list that keeps only the rows near the viewport in the DOM (a fleet can have thousands of
 * tags) and asks for the next page when scrolled within 100 px of the bottom.
 */
export function VirtualRows<T>({
  rows,
  estimateSize,
  renderRow,
  header,
  hasMore,
  loadingMore,
  onLoadMore,
  height = 'calc(100dvh - 300px)',
  minWidth = 720,
  label,
  getKey,
}: {
  rows: T[];
  estimateSize: number;
  renderRow: (row: T, index: number) => ReactNode;
  /** column headers; none for a list of self-describing entries (a phone's layout) */
  header?: ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  height?: string;
  minWidth?: number;
  label: string;
  getKey: (row: T, index: number) => string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    overscan: 8,
    // until the container is measured (and in tests, where nothing is), assume a phone-sized viewport
    initialRect: { width: 360, height: 600 },
    getItemKey: (index) => getKey(rows[index] as T, index),
    measureElement: sizeFromObserver,
  });

  const maybeLoadMore = () => {
    const el = scrollRef.current;
    if (!el || !hasMore || loadingMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= INFINITE_SCROLL_THRESHOLD_PX) onLoadMore();
  };
  // a first page shorter than the viewport cannot be scrolled: ask for more straight away
  useEffect(maybeLoadMore, [rows.length, hasMore, loadingMore]);

  return (
    <Box
      ref={scrollRef}
      onScroll={maybeLoadMore}
      style={{ height, minHeight: 240, overflow: 'auto', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
      role="table"
      aria-label={label}
      // a keyboard user scrolls the list too (axe: scrollable-region-focusable)
      tabIndex={0}
      aria-rowcount={rows.length}
    >
      <Box style={{ minWidth }}>
        {header ? (
          <Box
            role="rowgroup"
            style={{
              position: 'sticky',
              top: 0,
              zIndex: 2,
              background: 'var(--mantine-color-gray-0)',
              borderBottom: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            {header}
          </Box>
        ) : null}
        <Box role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <Box
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              <Row row={rows[item.index] as T} index={item.index} renderRow={renderRow} />
            </Box>
          ))}
        </Box>
        {loadingMore && (
          <Center py="sm">
            <Loader size="sm" />
          </Center>
        )}
      </Box>
    </Box>
  );
}
