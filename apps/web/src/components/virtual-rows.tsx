import { Box, Center, Loader } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';

/** spec: fastag-payments-shell §4 and §9 — the next page loads within 100 px of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;

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
              {renderRow(rows[item.index] as T, item.index)}
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
