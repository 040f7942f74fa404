import { formatRupees } from '@bhada/contracts/money/amounts';
import { type PassbookRow, WALLET_MESSAGES } from '@bhada/contracts/money/wallet';
import { Alert, Box, Button, CloseButton, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { StatementFormatFooter } from '../../../../components/statement-format-footer.tsx';
import { VirtualRows } from '../../../../components/virtual-rows.tsx';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { useOpenStatement } from '../../../../lib/open-statement.ts';
import { usePassbook } from '../api/get-passbook.ts';
import { daysAgoIst, endOfDay, startOfDay, todayIst } from '../lib/dates.ts';

const GRID = '150px minmax(200px,2fr) 110px 110px 110px minmax(120px,1fr)';
const cell = { padding: '10px 8px', minWidth: 0 } as const;
/** Below this width each movement is a two-line entry instead of a six-column row (no sideways scroll). */
const PHONE_QUERY = '(max-width: 40em)';

/** spec: fastag §4 — how a passbook row's status reads. */
export function statusText(row: Pick<PassbookRow, 'status' | 'transactionType'>, t: (k: string) => string): string {
  if (row.status === 'SUCCESS') return row.transactionType === 'DEBIT' ? t('passbook.status.transferred') : t('passbook.status.deposited');
  if (row.status === 'FAILURE') return t('passbook.status.failed');
  if (row.status === 'PENDING') return t('passbook.status.pending');
  return String(row.status).toLowerCase();
}

/** spec: fastag §2.7 — /portal/fastag/passbook, the wallet's movements with pending and failed top-ups. */
export default function PassbookPage() {
  const { t } = useTranslation('wallet');
  usePageTitle(t('passbook.title'));
  const navigate = useNavigate();
  // spec: §7.1 — the passbook covers the last 30 days unless the user picks dates
  const [from, setFrom] = useState(daysAgoIst(29));
  const [to, setTo] = useState(todayIst());
  const [statementOpen, setStatementOpen] = useState(false);
  const fromTime = startOfDay(from);
  const toTime = endOfDay(to);
  const rangeError = fromTime > toTime ? t('passbook.startAfterEnd') : null;
  const passbook = usePassbook(fromTime, toTime, !rangeError);
  // read at the first render, so a phone never draws the desktop layout first and then again as cards
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const rows = passbook.data?.pages.flatMap((p) => p.list) ?? [];
  const total = passbook.data?.pages[0]?.totalCount ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{t('passbook.title')}</Title>
        <CloseButton size="lg" aria-label={t('passbook.close')} onClick={() => navigate(-1)} />
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <SimpleGrid cols={2}>
            <DateField label={t('passbook.from')} value={from} onChange={setFrom} clearable={false} />
            <DateField label={t('passbook.to')} value={to} onChange={setTo} clearable={false} />
          </SimpleGrid>
          <Group gap="sm">
            <Text size="sm" c="dimmed" data-testid="passbook-count">
              {t('passbook.count', { total: formatNumber(total) })}
            </Text>
            <Button leftSection={<IconDownload size={16} />} onClick={() => setStatementOpen(true)}>
              {t('passbook.download')}
            </Button>
          </Group>
        </Group>
        {rangeError && (
          <Alert color="red" mt="sm" role="alert">
            {rangeError}
          </Alert>
        )}
      </Paper>
      {!rangeError && (
        <QueryState
          query={{ ...passbook, data: passbook.data }}
          isEmpty={() => rows.length === 0}
          empty={<EmptyState text={t('common:noDataFound')} />}
        >
          {() => (
            <VirtualRows
              rows={rows}
              label={t('passbook.tableLabel')}
              estimateSize={phone ? 72 : 60}
              minWidth={phone ? 0 : 800}
              getKey={(r) => r.id}
              hasMore={Boolean(passbook.hasNextPage)}
              loadingMore={passbook.isFetchingNextPage}
              onLoadMore={() => void passbook.fetchNextPage()}
              header={
                phone ? null : (
                  <Box role="row" style={{ display: 'grid', gridTemplateColumns: GRID }}>
                    {(['date', 'txn', 'amount', 'opening', 'closing', 'status'] as const).map((h) => (
                      <Text key={h} role="columnheader" fw={600} size="sm" style={cell}>
                        {t(`passbook.columns.${h}`)}
                      </Text>
                    ))}
                  </Box>
                )
              }
              renderRow={(row) => (phone ? <PassbookEntry row={row} /> : <PassbookLine row={row} />)}
            />
          )}
        </QueryState>
      )}
      {statementOpen && <StatementModal from={from} to={to} onClose={() => setStatementOpen(false)} />}
    </Stack>
  );
}

const stripOf = (row: PassbookRow) => (row.status === 'FAILURE' ? 'red' : row.status === 'PENDING' ? 'yellow' : null);
const money = (v: number | null) => (v === null ? '—' : formatRupees(v));

function Remarks({ row }: { row: PassbookRow }) {
  const strip = stripOf(row);
  if (!strip || !row.statusRemarks) return null;
  return (
    <Box px="sm" py={4} mx="xs" mb="xs" style={{ background: `var(--mantine-color-${strip}-1)`, borderRadius: 4 }}>
      <Text size="xs">{row.statusRemarks}</Text>
    </Box>
  );
}

/**
 * Only a settled movement is signed and coloured: a failed top-up added nothing, so it is shown
 * struck through in grey, a pending one plain, never as a green "+₹1,000" (issue 16 point 8).
 */
function SignedAmount({ row }: { row: PassbookRow }) {
  if (row.status === 'FAILURE') return <s>{formatRupees(row.amount)}</s>;
  if (row.status !== 'SUCCESS') return <>{formatRupees(row.amount)}</>;
  return (
    <>
      {row.transactionType === 'DEBIT' ? '−' : '+'}
      {formatRupees(row.amount)}
    </>
  );
}

const amountColor = (row: PassbookRow) => (row.status !== 'SUCCESS' ? 'gray.7' : row.transactionType === 'DEBIT' ? 'red' : 'teal');

/** A top-up that did not go through did not add money: its line says what happened instead. */
function useDescription() {
  const { t } = useTranslation('wallet');
  return (row: PassbookRow) => {
    if (row.description !== WALLET_MESSAGES.topUpDescription || row.status === 'SUCCESS') return row.description;
    return row.status === 'FAILURE' ? t('passbook.topUpFailed') : t('passbook.topUpPending');
  };
}

/** A phone's passbook entry: what and how much on the first line; when, status and balance after on the second. */
function PassbookEntry({ row }: { row: PassbookRow }) {
  const { t } = useTranslation('wallet');
  const describe = useDescription();
  const strip = stripOf(row);
  return (
    <Box role="row" px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text role="cell" size="sm" fw={500} style={{ minWidth: 0 }}>
          {describe(row)}
        </Text>
        <Text role="cell" size="sm" fw={700} c={amountColor(row)} style={{ whiteSpace: 'nowrap' }}>
          <SignedAmount row={row} />
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" mt={2}>
        <Text role="cell" size="xs" c="dimmed">
          {formatDateTime(row.date)} ·{' '}
          <Text span size="xs" c={strip ?? undefined}>
            {statusText(row, t)}
          </Text>
        </Text>
        <Text role="cell" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} aria-label={t('passbook.columns.closing')}>
          {t('passbook.balanceAfter', { amount: money(row.closingBalance) })}
        </Text>
      </Group>
      <Remarks row={row} />
    </Box>
  );
}

function PassbookLine({ row }: { row: PassbookRow }) {
  const { t } = useTranslation('wallet');
  const describe = useDescription();
  const strip = stripOf(row);
  return (
    <Box role="row" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Box style={{ display: 'grid', gridTemplateColumns: GRID, alignItems: 'center' }}>
        <Text role="cell" size="sm" style={cell}>
          {formatDateTime(row.date)}
        </Text>
        <Text role="cell" size="sm" style={cell}>
          {describe(row)}
        </Text>
        <Text role="cell" size="sm" fw={600} c={amountColor(row)} style={cell}>
          <SignedAmount row={row} />
        </Text>
        <Text role="cell" size="sm" style={cell}>
          {money(row.openingBalance)}
        </Text>
        <Text role="cell" size="sm" style={cell}>
          {money(row.closingBalance)}
        </Text>
        <Text role="cell" size="sm" style={cell} c={strip ?? undefined}>
          {statusText(row, t)}
        </Text>
      </Box>
      <Remarks row={row} />
    </Box>
  );
}

function StatementModal({ from, to, onClose }: { from: string; to: string; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const [format, setFormat] = useState<'xlsx' | 'pdf'>('xlsx');
  const [error, setError] = useState<string | null>(null);
  const open = useOpenStatement();
  const download = () => {
    setError(null);
    const fromTime = startOfDay(start);
    const toTime = endOfDay(end);
    if (fromTime > toTime) return setError(t('passbook.startAfterEnd'));
    open.mutate({ report: 'wallet-transactions', params: { fromTime, toTime, reportFormat: format } }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} centered title={t('statement.title')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('statement.hint')}
        </Text>
        <SimpleGrid cols={2}>
          <DateField label={t('passbook.from')} value={start} onChange={setStart} clearable={false} />
          <DateField label={t('passbook.to')} value={end} onChange={setEnd} clearable={false} />
        </SimpleGrid>
        <StatementFormatFooter
          formatLabel={t('statement.format')}
          format={format}
          onFormatChange={setFormat}
          error={error ?? (open.isError ? open.error?.message : undefined)}
          pending={open.isPending}
          downloadLabel={t('statement.download')}
          onDownload={download}
        />
      </Stack>
    </Modal>
  );
}
