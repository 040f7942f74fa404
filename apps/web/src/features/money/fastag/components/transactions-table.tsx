import type { TxnRow } from '@bhada/contracts/money/fastag';
import { formatRupees } from '@bhada/contracts/money/amounts';
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VirtualRows } from '../../../../components/virtual-rows.tsx';
import { formatDateTime } from '../../../../lib/format.ts';

const GRID = '110px minmax(150px,1.2fr) minmax(200px,1.8fr) 70px 100px 110px 110px';
const cell = { padding: '10px 8px', minWidth: 0 } as const;

/** spec: fastag §2.6 — Vehicle No., Transaction Id (open tickets), Transaction (plaza, time), Type, Amount, balances. */
export function TransactionsTable({
  rows,
  hasMore,
  loadingMore,
  onLoadMore,
  onDispute,
  disputing,
}: {
  rows: TxnRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onDispute: (row: TxnRow) => void;
  disputing: string | undefined;
}) {
  const { t } = useTranslation('fastag');
  const heads = ['vehicle', 'txnId', 'txn', 'type', 'amount', 'opening', 'closing'] as const;
  return (
    <VirtualRows
      rows={rows}
      label={t('details.tableLabel')}
      estimateSize={68}
      minWidth={860}
      getKey={(r) => r.txnId}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
      header={
        <Box role="row" style={{ display: 'grid', gridTemplateColumns: GRID }}>
          {heads.map((h) => (
            <Text key={h} role="columnheader" fw={600} size="sm" style={cell}>
              {t(`details.columns.${h}`)}
            </Text>
          ))}
        </Box>
      }
      renderRow={(row) => (
        <Box
          role="row"
          style={{
            display: 'grid',
            gridTemplateColumns: GRID,
            alignItems: 'center',
            borderBottom: '1px solid var(--mantine-color-gray-2)',
          }}
        >
          <Text role="cell" size="sm" style={cell}>
            {row.vehicleNumber}
          </Text>
          <Box role="cell" style={cell}>
            <Text size="xs" ff="monospace" truncate>
              {row.txnId}
            </Text>
            <Group gap={4} mt={2}>
              {row.ticket > 0 && (
                <Badge size="xs" color="orange">
                  {t('details.openTickets', { count: row.ticket })}
                </Badge>
              )}
              {row.kind === 'TOLL' && row.ticket === 0 && (
                <Button size="xs" h={44} variant="subtle" color="orange" loading={disputing === row.txnId} onClick={() => onDispute(row)}>
                  {t('details.dispute')}
                </Button>
              )}
            </Group>
          </Box>
          <Box role="cell" style={cell}>
            <Text size="sm" truncate>
              {row.plaza}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(row.time)}
            </Text>
          </Box>
          <Text role="cell" size="sm" c={row.type === 'DEBIT' ? 'red' : 'teal'} style={cell}>
            {t(`details.type.${row.type}`)}
          </Text>
          <Text role="cell" size="sm" fw={600} style={cell}>
            {formatRupees(row.amount)}
          </Text>
          <Text role="cell" size="sm" style={cell}>
            {formatRupees(row.openingBalance)}
          </Text>
          <Text role="cell" size="sm" style={cell}>
            {formatRupees(row.closingBalance)}
          </Text>
        </Box>
      )}
    />
  );
}
