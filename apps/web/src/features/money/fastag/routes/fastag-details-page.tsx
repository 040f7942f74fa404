import type { TxnRow, TxnType } from '@bhada/contracts/money/fastag';
import { formatRupees } from '@bhada/contracts/money/amounts';
import {
  ActionIcon,
  Alert,
  Button,
  CloseButton,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileReport, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DateField } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { SHORT_TOAST_TIMEOUT_MS, toast } from '../../../../lib/notify.ts';
import { paths } from '../../../../lib/paths.ts';
import { useDisputeTransaction } from '../api/dispute-transaction.ts';
import { getFastagList } from '../api/get-fastag-list.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { useTxnOverview } from '../api/get-txn-overview.ts';
import { ReportModal } from '../components/report-modal.tsx';
import { TransactionsTable } from '../components/transactions-table.tsx';
import { daysAgoIst, fromDateTimeInput, todayIst } from '../lib/dates.ts';

type Vehicle = { vehicleId: string; vehicleNumber: string; autoRecharge?: boolean };
type Tab = 'ALL' | TxnType;

/** spec: fastag §2.6 — one vehicle's tolls and recharges; the vehicle arrives as navigation state. */
export default function FastagDetailsPage() {
  const { t } = useTranslation('fastag');
  usePageTitle(t('details.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [vehicle, setVehicle] = useState<Vehicle | null>(
    (location.state as Vehicle | null)?.vehicleId ? (location.state as Vehicle) : null,
  );
  const [search, setSearch] = useState(vehicle?.vehicleNumber ?? '');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [start, setStart] = useState(`${daysAgoIst(29)}T00:00`);
  const [end, setEnd] = useState(`${todayIst()}T23:59`);
  const [tab, setTab] = useState<Tab>('ALL');
  const [report, setReport] = useState<'vehicle' | 'all' | null>(null);

  const fromTime = fromDateTimeInput(start);
  // the end minute is inclusive: 23:59 means up to 23:59:59
  const toTime = fromDateTimeInput(end) + 59;
  const rangeError = fromTime > toTime ? t('errors.startAfterEndDetails') : null;
  const txnType = tab === 'ALL' ? undefined : tab;
  const vehicleId = rangeError ? '' : (vehicle?.vehicleId ?? '');
  const overview = useTxnOverview(vehicleId, fromTime, toTime, txnType);
  const txns = useTransactions(vehicleId, fromTime, toTime, txnType);
  const dispute = useDisputeTransaction();
  const rows = txns.data?.pages.flatMap((p) => p.list) ?? [];

  const findVehicle = async () => {
    setSearchError(null);
    const wanted = search.toUpperCase().replace(/[^A-Z0-9]/g, '');
    if (!wanted) return setSearchError(t('errors.enterVehicle'));
    const found = await getFastagList({ searchText: wanted, pageNo: 0 }).catch(() => null);
    const match = found?.list.find((r) => r.vehicleNumber === wanted) ?? found?.list[0];
    if (!match) return setSearchError(t('errors.vehicleNotFound'));
    setVehicle({ vehicleId: match.vehicleId, vehicleNumber: match.vehicleNumber, autoRecharge: match.autoRecharge });
    setSearch(match.vehicleNumber);
  };

  const onDispute = (row: TxnRow) =>
    dispute.mutate(row.txnId, { onSuccess: () => toast({ msg: t('details.disputed'), timeout: SHORT_TOAST_TIMEOUT_MS }) });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} style={{ minWidth: 0 }}>
          {t('details.title')}
        </Title>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" visibleFrom="sm" leftSection={<IconFileReport size={16} />} onClick={() => setReport('all')}>
            {t('details.allReport')}
          </Button>
          {/* a phone has no room for the label next to the title */}
          <ActionIcon variant="default" size="lg" hiddenFrom="sm" aria-label={t('details.allReport')} onClick={() => setReport('all')}>
            <IconFileReport size={18} />
          </ActionIcon>
          <CloseButton size="lg" aria-label={t('details.close')} onClick={() => navigate(paths.fastag)} />
        </Group>
      </Group>

      <Paper withBorder radius="md" p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('details.vehicleSearch')}
            leftSection={<IconSearch size={16} />}
            value={search}
            error={searchError}
            onChange={(e) => setSearch(e.currentTarget.value.toUpperCase())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void findVehicle();
            }}
          />
          <DateField withTime label={t('details.start')} value={start} onChange={setStart} clearable={false} />
          <DateField withTime label={t('details.end')} value={end} onChange={setEnd} clearable={false} />
        </SimpleGrid>
        {rangeError && (
          <Alert color="red" mt="sm" role="alert">
            {rangeError}
          </Alert>
        )}
      </Paper>

      {!vehicle ? (
        <EmptyState text={t('details.pickVehicle')} />
      ) : (
        <>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap">
              <SimpleGrid cols={{ base: 2, sm: 4 }} style={{ flex: 1 }}>
                <Summary label={t('details.totalExpense')} value={overview.data ? formatRupees(overview.data.totalAmount) : '—'} />
                <Summary label={t('details.transactions')} value={overview.data ? formatNumber(overview.data.txnCount) : '—'} />
                <Summary label={t('details.barcode')} value={overview.data?.serialNumber ?? '—'} />
                <Summary
                  label={t('details.tagClass')}
                  value={overview.data ? t('classLabel', { tagClass: overview.data.tagClass }) : '—'}
                />
              </SimpleGrid>
              <Button variant="light" leftSection={<IconFileReport size={16} />} onClick={() => setReport('vehicle')}>
                {t('details.report')}
              </Button>
            </Group>
          </Paper>
          <SegmentedControl
            value={tab}
            onChange={(v) => setTab(v as Tab)}
            data={[
              { value: 'ALL', label: t('details.tabs.all') },
              { value: 'DEBIT', label: t('details.tabs.debit') },
              { value: 'CREDIT', label: t('details.tabs.credit') },
            ]}
          />
          {!rangeError && (
            <QueryState
              query={{ ...txns, data: txns.data }}
              isEmpty={() => rows.length === 0}
              empty={<EmptyState text={t('common:noDataFound')} />}
            >
              {() => (
                <TransactionsTable
                  rows={rows}
                  hasMore={Boolean(txns.hasNextPage)}
                  loadingMore={txns.isFetchingNextPage}
                  onLoadMore={() => void txns.fetchNextPage()}
                  onDispute={onDispute}
                  disputing={dispute.isPending ? dispute.variables : undefined}
                />
              )}
            </QueryState>
          )}
        </>
      )}
      {report === 'all' && <ReportModal onClose={() => setReport(null)} />}
      {report === 'vehicle' && vehicle && <ReportModal vehicle={vehicle} onClose={() => setReport(null)} />}
    </Stack>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}
