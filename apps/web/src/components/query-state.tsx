import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff, IconLock } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/http.ts';
import { useSessionAccess } from '../lib/session.ts';

export type QueryLike<T> = { data: T | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/**
 * Loading, error, forbidden and empty states in one place, so every list answers the same way.
 * A 403 means a subordinate's role lacks the permission: that is not an error to retry.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  // An answer arrives as an urgent update that React renders in one go (the query library updates through
  // useSyncExternalStore). The content's first render follows as a deferred one instead, which React splits
  // into short slices between which the page stays responsive; the loader stays up meanwhile. Data already
  // there on mount (from the cache) shows at once.
  const answered = !query.isPending && !query.isError && query.data !== undefined;
  const shown = useDeferredValue(answered);
  if (query.isPending || (answered && !shown)) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label={t('common:loading')} />
      </Center>
    );
  }
  if (query.isError || query.data === undefined) {
    if (isApiError(query.error) && query.error.status === 403) return <ForbiddenState />;
    // a missing thing is said in the reader's language (the server's 404 messages are English) and not retried
    if (isApiError(query.error) && query.error.status === 404) return <EmptyState text={t('common:notFoundHere')} />;
    return (
      <Alert color="red" title={t('common:loadFailed')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error instanceof Error ? query.error.message : t('common:somethingWentWrong')}</Text>
          <Button size="xs" h={44} variant="light" color="red" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState text={t('common:noDataFound')} />}</>;
  return <>{children(query.data)}</>;
}

export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <ThemeIcon variant="light" size={48} radius="xl" color="gray">
        <IconDatabaseOff size={26} />
      </ThemeIcon>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {action}
    </Stack>
  );
}

/**
 * Only a subordinate has an account owner to ask; an owner, a consigner or an admin meets this where
 * the page is not part of its kind of account (issue 16 point 4).
 */
export function ForbiddenState() {
  const { t } = useTranslation();
  const { kind } = useSessionAccess();
  const subordinate = kind === 'SUBORDINATE' || kind === undefined;
  return (
    <Stack align="center" py="xl" gap="xs" role="alert">
      <ThemeIcon variant="light" size={48} radius="xl" color="orange">
        <IconLock size={26} />
      </ThemeIcon>
      <Text fw={600}>{subordinate ? t('common:forbiddenTitle') : t('common:forbiddenTitleOtherKind')}</Text>
      <Text c="dimmed" size="sm" ta="center">
        {subordinate ? t('common:forbiddenText') : t('common:forbiddenOtherKind')}
      </Text>
    </Stack>
  );
}
