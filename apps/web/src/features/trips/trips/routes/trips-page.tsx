import { Button, Chip, Container, Group, ScrollArea, Stack, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { useTripFilters } from '../api/get-trip-filters.ts';
import { useTrips } from '../api/get-trips.ts';
import { tripsKeys } from '../api/trips-keys.ts';
import { TripCard } from '../components/trip-card.tsx';
import { useSelectedTripFilter } from '../lib/selected-filter.ts';

/** spec: fastag §2.4 /web-view/trips and /web-view/my-trips — the operator's trips by filter. */
export default function TripsPage() {
  const { t, i18n } = useTranslation('trips');
  usePageTitle(t('title'));
  const [selected, select] = useSelectedTripFilter();
  const [page, setPage] = useState(0);
  const filters = useTripFilters(selected);
  const trips = useTrips(selected, page);
  const queryClient = useQueryClient();
  const hindi = i18n.language === 'hi';

  return (
    <Container size="sm" px="xs" py="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>{t('title')}</Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={16} />}
            loading={trips.isFetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: tripsKeys.all })}
          >
            {t('refresh')}
          </Button>
        </Group>
        {/* the row keeps a chip's height while the filters are read, so the list below does not move when they arrive */}
        <ScrollArea type="never" mih={filters.isPending ? 28 : undefined}>
          {/* one filter selected at a time (spec §3): a single-value chip group */}
          <Chip.Group
            multiple={false}
            value={selected}
            onChange={(v) => {
              setPage(0);
              select(v as typeof selected);
            }}
          >
            <Group gap="xs" wrap="nowrap" role="radiogroup" aria-label={t('filters')}>
              {(filters.data?.filters ?? []).map((f) => (
                <Chip key={f.key} value={f.key} size="sm">
                  {hindi ? f.labelHi : f.label} ({f.count})
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
        <QueryState query={trips} isEmpty={(d) => d.trips.length === 0} empty={<EmptyState text={t('empty')} />}>
          {(data) => (
            <Stack gap="sm">
              {data.trips.map((trip) => (
                <TripCard key={trip.tripId} trip={trip} />
              ))}
              {data.totalPageCount > 1 ? (
                <Group justify="space-between">
                  <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                    {t('previous')}
                  </Button>
                  <span>{t('page', { page: page + 1, total: data.totalPageCount })}</span>
                  <Button variant="default" size="xs" disabled={page + 1 >= data.totalPageCount} onClick={() => setPage((p) => p + 1)}>
                    {t('next')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
