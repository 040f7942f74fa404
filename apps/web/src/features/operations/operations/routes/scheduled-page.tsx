import { SCHEDULE_STATES } from '@bhada/contracts/operations/operations';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { useEventStream } from '../../../../lib/event-stream.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import {
  type ScheduleFilters,
  useCurrentLocation,
  useItinerary,
  useMapData,
  usePathDetail,
  useScheduled,
  useScheduledCounts,
  useScheduleFilterOptions,
} from '../api/scheduled.ts';
import { Pager } from '../components/pager.tsx';
import { ScheduleMap, type View } from '../components/schedule-map.tsx';
import { WorkflowLink } from '../components/workflow-link.tsx';

/** /portal/workflow/scheduled: vehicles placed for loading, counts per state, the map, and one vehicle's way. */
export function ScheduledPage() {
  const { t } = useTranslation('operations');
  usePageTitle(t('scheduled.title'));
  const [filters, setFilters] = useState<ScheduleFilters>({});
  const [pageNo, setPageNo] = useState(0);
  const [view, setView] = useState<View>({ zoom: 5, bbox: '' });
  const [picked, setPicked] = useState<string | null>(null);
  const client = useQueryClient();
  // a delivery update on the desk refreshes the tabs, list and map at once (topic schedule:all)
  useEventStream('schedule:all', true, {
    SCHEDULE: () => void client.invalidateQueries({ queryKey: ['operations', 'scheduled'] }),
  });
  const options = useScheduleFilterOptions();
  const counts = useScheduledCounts(filters);
  const list = useScheduled({ ...filters, pageNo });
  const map = useMapData({ ...filters, zoom: view.zoom, bbox: view.bbox || undefined });
  const path = usePathDetail(picked);
  const location = useCurrentLocation(picked);
  const set = (patch: Partial<ScheduleFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPageNo(0);
  };
  return (
    <Stack maw={1200} mx="auto" gap="md">
      <Title order={3}>{t('scheduled.title')}</Title>
      <Tabs value={filters.state ?? 'ALL'} onChange={(v) => set({ state: !v || v === 'ALL' ? undefined : v })}>
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          <Tabs.Tab value="ALL" h={44}>
            {t('scheduled.all')} ({counts.data?.total ?? '…'})
          </Tabs.Tab>
          {SCHEDULE_STATES.map((s) => (
            <Tabs.Tab key={s} value={s} h={44} data-testid={`tab-${s}`}>
              {t(`scheduleStates.${s}`)} ({counts.data?.counts[s] ?? '…'})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {/* vehicles are scheduled ahead: the filter may look at a coming day */}
        <DateField
          allowFuture
          label={t('scheduled.date')}
          value={filters.date ?? ''}
          onChange={(date) => set({ date: date || undefined })}
        />
        <Select
          label={t('scheduled.lane')}
          clearable
          data={(options.data?.lanes ?? []).map((l) => ({ value: l.code, label: `${l.originCity} → ${l.destinationCity}` }))}
          value={filters.laneCode ?? null}
          onChange={(v) => set({ laneCode: v ?? undefined })}
        />
        <Select
          label={t('scheduled.consigner')}
          clearable
          data={(options.data?.consigners ?? []).map((c) => ({ value: c.code, label: c.name }))}
          value={filters.consignerCode ?? null}
          onChange={(v) => set({ consignerCode: v ?? undefined })}
        />
        <Select
          label={t('scheduled.operator')}
          clearable
          data={(options.data?.operators ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.operatorId ?? null}
          onChange={(v) => set({ operatorId: v ?? undefined })}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder radius="md" p={4}>
          <ScheduleMap
            clusters={map.data?.clusters ?? []}
            path={(path.data?.points ?? []).map((p) => [p.lat, p.lng] as [number, number])}
            current={location.data ? { lat: location.data.lat, lng: location.data.lng } : null}
            onView={setView}
            onPick={setPicked}
          />
        </Paper>
        {picked ? <VehicleDetail id={picked} onClose={() => setPicked(null)} /> : <Text c="dimmed">{t('scheduled.pickHint')}</Text>}
      </SimpleGrid>
      <QueryState query={list} isEmpty={(d) => d.list.length === 0} empty={<EmptyState text={t('scheduled.none')} />}>
        {(data) => (
          <Stack gap="xs">
            {data.list.map((v) => (
              <Paper key={v.id} withBorder p="sm" radius="md" data-testid="scheduled-row">
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={0}>
                    <Text fw={700}>
                      {v.vehicleNumber} · {v.cCode}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {v.originCity} → {v.destinationCity} · {v.consignerName}
                      {v.operatorName ? ` · ${v.operatorName}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('scheduled.at', { time: formatDateTime(v.scheduledAt) })}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Badge variant="light">{t(`scheduleStates.${v.state}`)}</Badge>
                    {v.delayed && <Badge color="red">{t('scheduled.delayed')}</Badge>}
                    <Button size="xs" h={44} variant="light" onClick={() => setPicked(v.id)}>
                      {t('scheduled.follow')}
                    </Button>
                    <WorkflowLink step="docket" code={v.cCode} size="xs" />
                  </Group>
                </Group>
              </Paper>
            ))}
            <Pager pageNo={pageNo} totalPages={data.totalPages} onPage={setPageNo} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function VehicleDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const itinerary = useItinerary(id);
  const location = useCurrentLocation(id);
  const path = usePathDetail(id);
  return (
    <Paper withBorder radius="md" p="md" data-testid="vehicle-detail">
      <Group justify="space-between">
        <Title order={5}>{itinerary.data?.vehicleNumber ?? t('common.loading')}</Title>
        <Button size="xs" h={44} variant="subtle" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Group>
      {itinerary.isError ? (
        <Alert color="red">{t('scheduled.itineraryFailed')}</Alert>
      ) : (
        itinerary.data && (
          <Table fz="sm" mt="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('scheduled.stop')}</Table.Th>
                <Table.Th>{t('scheduled.planned')}</Table.Th>
                <Table.Th>{t('scheduled.actual')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {itinerary.data.stops.map((s) => (
                <Table.Tr key={s.kind} c={s.delayMinutes > 30 ? 'red' : undefined}>
                  <Table.Td>
                    {t(`scheduled.${s.kind}`)}: {s.name}
                  </Table.Td>
                  <Table.Td>{s.plannedAt ? formatDateTime(s.plannedAt) : '—'}</Table.Td>
                  <Table.Td>
                    {s.actualAt ? formatDateTime(s.actualAt) : '—'}
                    {s.delayMinutes > 30 && ` (${t('scheduled.late', { hours: Math.round(s.delayMinutes / 6) / 10 })})`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
      )}
      {location.isError ? (
        <Text c="red" size="sm">
          {t('scheduled.locationFailed')}
        </Text>
      ) : (
        location.data && (
          <Text size="sm" mt="xs">
            {t('scheduled.location', { lat: location.data.lat.toFixed(4), lng: location.data.lng.toFixed(4) })}
            {location.data.at ? ` · ${formatDateTime(location.data.at)}` : ''}
          </Text>
        )
      )}
      {path.isError ? (
        <Text c="red" size="sm">
          {t('scheduled.pathFailed')}
        </Text>
      ) : (
        path.data && <Text size="sm">{t('scheduled.distance', { km: path.data.distanceKm })}</Text>
      )}
    </Paper>
  );
}

export default ScheduledPage;
