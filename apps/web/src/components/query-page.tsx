import { Container, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackHeader } from './back-header.tsx';
import { usePageTitle } from './page-title.tsx';
import { type QueryLike, QueryState } from './query-state.tsx';

/** A page about one thing the server holds: its title (tab and back header), then that query's states. */
export function QueryPage<T>({
  title,
  size = 'sm',
  query,
  children,
}: {
  title: string;
  size?: MantineSize;
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size={size} px="xs" py="sm">
      <BackHeader title={title} />
      <QueryState query={query}>{children}</QueryState>
    </Container>
  );
}
