import { Alert, Badge, Button, Group, Pagination, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState } from '../../../../components/query-state.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useConsignerVehicles, useVehicleFilters, type VehicleFilters } from '../api/consigner-vehicles.ts';

/** /portal/consigner/vehicles: the vehicles on the consigner's trips, 10 a page, with filters (spec §7 Consigner vehicles). */
export function ConsignerVehiclesPage() {
  const { t } = useTranslation('consigner');
  usePageTitle(t('vehiclesTitle'));
  const [filters, setFilters] = useState<VehicleFilters>({ pageNo: 0 });
  const options = useVehicleFilters();
  const query = useConsignerVehicles(filters);
  const set = (patch: Partial<VehicleFilters>) => setFilters((f) => ({ ...f, ...patch, pageNo: 0 }));
  const states = options.data?.states ?? [];
  return (
    <Stack maw={960} mx="auto" gap="md">
      <Title order={3}>{t('vehiclesTitle')}</Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label={t('vehicles.state')}
          placeholder={t('vehicles.all')}
          clearable
          data={states.map((s) => ({ value: s, label: t(`trips.states.${s}`, { defaultValue: s }) }))}
          value={filters.state ?? null}
          onChange={(v) => set({ state: v ?? undefined })}
        />
        <Select
          label={t('vehicles.lane')}
          placeholder={t('vehicles.all')}
          clearable
          data={(options.data?.lanes ?? []).map((l) => ({ value: l.code, label: l.label }))}
          value={filters.laneCode ?? null}
          onChange={(v) => set({ laneCode: v ?? undefined })}
        />
        <Select
          label={t('vehicles.operator')}
          placeholder={t('vehicles.all')}
          clearable
          data={(options.data?.operators ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={filters.operatorId ?? null}
          onChange={(v) => set({ operatorId: v ?? undefined })}
        />
      </SimpleGrid>
      {query.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('vehicles.failed')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('vehicles.retry')}
            </Button>
          </Group>
        </Alert>
      ) : query.isPending ? (
        <Text c="dimmed" role="status">
          {t('vehicles.loading')}
        </Text>
      ) : query.data.list.length === 0 ? (
        <EmptyState text={t('vehicles.empty')} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="vehicle-count">
            {t('vehicles.count', { count: query.data.totalCount })}
          </Text>
          <Stack gap="sm">
            {query.data.list.map((v) => (
              <Paper key={v.vId} withBorder radius="md" p="md" data-testid="consigner-vehicle">
                <Group justify="space-between" wrap="wrap">
                  <Text fw={700}>{v.vNo}</Text>
                  <Badge variant="light">{t(`trips.states.${v.tripState}`, { defaultValue: v.tripState })}</Badge>
                </Group>
                <Text size="sm">{v.operatorName}</Text>
                <Text size="sm" c="dimmed">
                  {v.originCity} → {v.destinationCity} · {t('vehicles.trips', { count: v.tripCount })} · {formatDate(v.lastTripAt)}
                </Text>
                {v.lastLocation?.city && (
                  <Text size="xs" c="dimmed">
                    {t('vehicles.lastSeen', { city: v.lastLocation.city })}
                  </Text>
                )}
              </Paper>
            ))}
          </Stack>
          {query.data.totalPages > 1 && (
            <Pagination
              total={query.data.totalPages}
              value={filters.pageNo + 1}
              onChange={(p) => setFilters((f) => ({ ...f, pageNo: p - 1 }))}
              size="lg"
              getControlProps={(control) => ({ 'aria-label': t(`vehicles.page.${control}`) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

export default ConsignerVehiclesPage;
