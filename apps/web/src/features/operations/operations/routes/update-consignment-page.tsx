import { formatPaisa, paisaToRupees, parseRupees } from '@bhada/contracts/money/amounts';
import type { Consignment } from '@bhada/contracts/operations/operations';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { RupeeInput } from '../../../../components/rupee-input.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { notify } from '../../../../lib/notify.ts';
import {
  useConsignment,
  useConsignmentList,
  useConsignmentLookups,
  useDeleteConsignment,
  useUpdateConsignment,
} from '../api/consignments.ts';
import { Pager } from '../components/pager.tsx';
import { WorkflowLink } from '../components/workflow-link.tsx';

type Form = {
  consignerCode: string;
  consigneeId: string | null;
  laneCode: string | null;
  originCity: string;
  destinationCity: string;
  loadType: string;
  material: string;
  weightKg: number | string;
  packages: number | string;
  freightRupees: number | string;
};

const blank: Form = {
  consignerCode: '',
  consigneeId: null,
  laneCode: null,
  originCity: '',
  destinationCity: '',
  loadType: 'FTL',
  material: '',
  weightKg: '',
  packages: 0,
  freightRupees: '',
};

const formOf = (c: Consignment): Form => ({
  consignerCode: c.consignerCode,
  consigneeId: c.consignee?.id ?? null,
  laneCode: c.laneCode,
  originCity: c.originCity,
  destinationCity: c.destinationCity,
  loadType: c.loadType,
  material: c.material,
  weightKg: c.weightKg,
  packages: c.packages,
  freightRupees: paisaToRupees(c.freightInPaisa),
});

/** /portal/update-consignment: staff find a consignment, edit or delete it, and see who changed what. */
export function UpdateConsignmentPage() {
  const { t } = useTranslation('operations');
  usePageTitle(t('consignment.title'));
  const [params, setParams] = useSearchParams();
  const cId = params.get('cId') ?? undefined;
  const creating = params.get('new') === '1';
  return (
    <Stack maw={1100} mx="auto" gap="md">
      <Group justify="space-between">
        <Title order={3}>{t('consignment.title')}</Title>
        <Button h={44} variant="light" onClick={() => setParams({ new: '1' })}>
          {t('consignment.new')}
        </Button>
      </Group>
      {cId || creating ? (
        <Editor key={cId ?? 'new'} cId={cId} onDone={(id) => setParams(id ? { cId: id } : {})} />
      ) : (
        <ConsignmentList onPick={(id) => setParams({ cId: id })} />
      )}
    </Stack>
  );
}

function ConsignmentList({ onPick }: { onPick: (cId: string) => void }) {
  const { t } = useTranslation('operations');
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(0);
  const query = useConsignmentList({ pageNo, search: search.trim() || undefined });
  return (
    <Stack gap="sm">
      <TextInput
        label={t('consignment.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPageNo(0);
        }}
      />
      <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={<EmptyState text={t('consignment.none')} />}>
        {(data) => (
          <Stack gap="xs">
            {data.list.map((c) => (
              <Paper key={c.cId} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={0}>
                    <Text fw={700}>{c.cCode}</Text>
                    <Text size="sm" c="dimmed">
                      {c.consignerName} · {c.originCity} → {c.destinationCity} · {formatPaisa(c.freightInPaisa)}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Badge variant="light">{t(`status.${c.status}`)}</Badge>
                    <Button size="sm" h={44} variant="light" onClick={() => onPick(c.cId)}>
                      {t('consignment.edit')}
                    </Button>
                    <WorkflowLink step="docket" code={c.cCode} />
                    <WorkflowLink step="collection" code={c.cCode} />
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

function Editor({ cId, onDone }: { cId?: string; onDone: (cId?: string) => void }) {
  const { t } = useTranslation('operations');
  const loaded = useConsignment(cId);
  const lookups = useConsignmentLookups();
  const save = useUpdateConsignment();
  const remove = useDeleteConsignment();
  const [form, setForm] = useState<Form>(blank);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  useEffect(() => {
    if (loaded.data) setForm(formOf(loaded.data));
  }, [loaded.data]);
  if (cId && loaded.isError) {
    return (
      <Alert color="red" role="alert">
        {t('consignment.fetchFailed')}
      </Alert>
    );
  }
  if ((cId && loaded.isPending) || lookups.isPending) return <Text role="status">{t('common.loading')}</Text>;
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);
  const submit = () => {
    const freight = parseRupees(form.freightRupees);
    if (freight === null) {
      setError({ field: 'freightInPaisa', message: t('consignment.invalidAmount') });
      return;
    }
    setError(null);
    save.mutate(
      {
        cId,
        version: loaded.data?.version,
        consignerCode: form.consignerCode,
        consigneeId: form.consigneeId,
        tripId: loaded.data?.tripId ?? null,
        laneCode: form.laneCode,
        originCity: form.originCity,
        destinationCity: form.destinationCity,
        loadType: form.loadType as Consignment['loadType'],
        material: form.material,
        weightKg: Number(form.weightKg),
        packages: Number(form.packages || 0),
        freightInPaisa: freight,
      },
      {
        onSuccess: (saved) => {
          notify.snackbar(t('consignment.updated'), 'success');
          onDone(saved.cId);
        },
        onError: (err) =>
          setError({
            field: isApiError(err) ? err.field : undefined,
            message: isApiError(err) ? err.message : t('consignment.updateFailed'),
          }),
      },
    );
  };
  const c = loaded.data;
  return (
    <SimpleGrid cols={{ base: 1, md: c ? 2 : 1 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {c && (
            <Group justify="space-between">
              <Text fw={700} data-testid="consignment-code">
                {c.cCode}
              </Text>
              <Badge variant="light">{t(`status.${c.status}`)}</Badge>
            </Group>
          )}
          <TextInput
            label={t('consignment.consigner')}
            value={form.consignerCode}
            error={fieldError('consignerCode')}
            onChange={(e) => set({ consignerCode: e.currentTarget.value })}
          />
          <Select
            label={t('consignment.consignee')}
            clearable
            searchable
            data={(lookups.data?.consignees ?? []).map((x) => ({ value: x.id, label: `${x.name}, ${x.city}` }))}
            value={form.consigneeId}
            onChange={(v) => set({ consigneeId: v })}
          />
          <Select
            label={t('consignment.lane')}
            clearable
            data={(lookups.data?.lanes ?? []).map((l) => ({ value: l.code, label: `${l.originCity} → ${l.destinationCity}` }))}
            value={form.laneCode}
            onChange={(v) => {
              const lane = lookups.data?.lanes.find((l) => l.code === v);
              set(lane ? { laneCode: v, originCity: lane.originCity, destinationCity: lane.destinationCity } : { laneCode: null });
            }}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label={t('consignment.origin')}
              value={form.originCity}
              error={fieldError('originCity')}
              onChange={(e) => set({ originCity: e.currentTarget.value })}
            />
            <TextInput
              label={t('consignment.destination')}
              value={form.destinationCity}
              error={fieldError('destinationCity')}
              onChange={(e) => set({ destinationCity: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Select
            label={t('consignment.loadType')}
            data={(lookups.data?.loadTypes ?? []).map((l) => ({ value: l.code, label: t(`loadTypes.${l.code}`) }))}
            value={form.loadType}
            onChange={(v) => set({ loadType: v ?? 'FTL' })}
          />
          <TextInput
            label={t('consignment.material')}
            value={form.material}
            error={fieldError('material')}
            onChange={(e) => set({ material: e.currentTarget.value })}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label={t('consignment.weight')}
              value={form.weightKg}
              min={1}
              error={fieldError('weightKg')}
              onChange={(v) => set({ weightKg: v })}
            />
            <NumberInput label={t('consignment.packages')} value={form.packages} min={0} onChange={(v) => set({ packages: v })} />
          </SimpleGrid>
          <RupeeInput
            label={t('consignment.freight')}
            value={form.freightRupees}
            error={fieldError('freightInPaisa')}
            onChange={(v) => set({ freightRupees: v })}
          />
          {error && !error.field && <Alert color="red">{error.message}</Alert>}
          <Group>
            <Button h={44} loading={save.isPending} onClick={submit}>
              {t('consignment.save')}
            </Button>
            <Button h={44} variant="default" onClick={() => onDone()}>
              {t('common.back')}
            </Button>
            {c && (
              <Button
                h={44}
                color="red"
                variant="light"
                disabled={Boolean(c.deleteBlockedReason)}
                title={c.deleteBlockedReason ?? undefined}
                loading={remove.isPending}
                onClick={() => {
                  if (!window.confirm(t('consignment.confirmDelete'))) return;
                  remove.mutate(c.cId, {
                    onSuccess: () => {
                      notify.snackbar(t('consignment.deleted'), 'success');
                      onDone();
                    },
                  });
                }}
              >
                {t('consignment.delete')}
              </Button>
            )}
          </Group>
          {c?.deleteBlockedReason && (
            <Text size="sm" c="dimmed">
              {c.deleteBlockedReason}
            </Text>
          )}
        </Stack>
      </Paper>
      {c && (
        <Paper withBorder p="md" radius="md">
          <Title order={5} mb="sm">
            {t('consignment.history')}
          </Title>
          {c.history.length === 0 ? (
            <Text c="dimmed">{t('consignment.noHistory')}</Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2}>
              {c.history.map((h) => (
                <Timeline.Item key={h.id} title={`${t(`audit.${h.action}`, { defaultValue: h.action })} · ${h.actorName}`}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(h.at)}
                  </Text>
                  {Object.keys(h.changes).length > 0 && (
                    <Table fz="xs" withRowBorders={false}>
                      <Table.Tbody>
                        {Object.entries(h.changes).map(([field, [before, after]]) => (
                          <Table.Tr key={field}>
                            <Table.Td>{t(`fields.${field}`, { defaultValue: field })}</Table.Td>
                            <Table.Td c="dimmed">{shown(field, before)}</Table.Td>
                            <Table.Td>{shown(field, after)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Paper>
      )}
    </SimpleGrid>
  );
}

function shown(field: string, value: unknown) {
  if (value === null || value === undefined) return '—';
  if (field.endsWith('Paisa') && typeof value === 'number') return formatPaisa(value);
  return String(value);
}

export default UpdateConsignmentPage;
