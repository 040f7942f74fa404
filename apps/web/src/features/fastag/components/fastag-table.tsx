import type { FastagRow } from '@bhada/contracts/fastag';
import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VirtualRows } from '../../../components/virtual-rows.tsx';
import { formatDateTime, formatNumber, formatRupees } from '../../../lib/format.ts';
import { tagColor } from '../lib/tag-colors.ts';
import { AutoRechargeSwitch } from './auto-recharge-switch.tsx';

// the action column is sized for both buttons in English and Hindi, so neither label is cut
const GRID = 'minmax(136px,1.4fr) 90px minmax(170px,1.6fr) 110px 110px 260px';
const MIN_WIDTH = 136 + 90 + 170 + 110 + 110 + 260;
const cell = { padding: '10px 8px', minWidth: 0 } as const;
// on a phone the table scrolls sideways; the vehicle (with its class colour) stays in view
const stickyCell = { ...cell, position: 'sticky', left: 0, zIndex: 1 } as const;

export function FastagTable({
  rows,
  totalCount,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  onRecharge,
  onMinBalance,
}: {
  rows: FastagRow[];
  totalCount: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (row: FastagRow) => void;
  /** absent when the user's role may not recharge (FASTAG_RECHARGE): no Recharge, no Maintain balance */
  onRecharge?: (row: FastagRow) => void;
  onMinBalance?: (row: FastagRow) => void;
}) {
  const { t } = useTranslation('fastag');
  const header = (
    <Box role="row" style={{ display: 'grid', gridTemplateColumns: GRID }}>
      {[
        t('columns.vehicle', { total: formatNumber(totalCount) }),
        t('columns.tagClass'),
        t('columns.lastToll'),
        t('columns.balance'),
        t('columns.autoRecharge'),
        t('columns.action'),
      ].map((h, i) => (
        <Text
          key={h}
          role="columnheader"
          fw={600}
          size="sm"
          style={i === 0 ? { ...stickyCell, paddingLeft: 14, background: 'var(--mantine-color-gray-0)' } : cell}
        >
          {h}
        </Text>
      ))}
    </Box>
  );
  return (
    <VirtualRows
      rows={rows}
      label={t('tableLabel')}
      estimateSize={64}
      minWidth={MIN_WIDTH}
      getKey={(r) => r.tagId}
      header={header}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
      renderRow={(row) => (
        <Box
          role="row"
          tabIndex={0}
          onClick={() => onOpen(row)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onOpen(row);
          }}
          style={{
            display: 'grid',
            gridTemplateColumns: GRID,
            alignItems: 'center',
            cursor: 'pointer',
            borderBottom: '1px solid var(--mantine-color-gray-2)',
          }}
        >
          <Box
            role="cell"
            style={{
              ...stickyCell,
              alignSelf: 'stretch',
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'center',
              background: 'var(--mantine-color-body)',
              borderLeft: `6px solid var(--mantine-color-${tagColor(row.tagClass)}-5)`,
            }}
          >
            <Text fw={600} size="sm">
              {row.vehicleNumber}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {row.barcode}
            </Text>
          </Box>
          <Text role="cell" size="sm" style={cell}>
            {t('classLabel', { tagClass: row.tagClass })}
          </Text>
          <Box role="cell" style={cell}>
            {row.lastTollName ? (
              <>
                <Text size="sm" truncate>
                  {row.lastTollName}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.lastTollTime ? formatDateTime(row.lastTollTime) : ''}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('noToll')}
              </Text>
            )}
          </Box>
          <Box role="cell" style={cell}>
            <Text size="sm" fw={600} c={row.autoRecharge && row.fastagAmount < row.minBalance ? 'red' : undefined}>
              {formatRupees(row.fastagAmount)}
            </Text>
            {row.minBalance > 0 && (
              <Text size="xs" c="dimmed">
                {t('minBalanceShort', { amount: formatRupees(row.minBalance) })}
              </Text>
            )}
          </Box>
          <Box role="cell" style={cell}>
            <AutoRechargeSwitch row={row} readOnly={!onRecharge} />
          </Box>
          <Group role="cell" gap={6} style={cell} wrap="nowrap">
            {onRecharge && onMinBalance ? (
              <>
                <Button
                  size="compact-sm"
                  onClick={(e) => {
                    e.stopPropagation();
                    onRecharge(row);
                  }}
                >
                  {t('recharge')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={(e) => {
                    e.stopPropagation();
                    onMinBalance(row);
                  }}
                >
                  {t('maintainBalance')}
                </Button>
              </>
            ) : null}
          </Group>
        </Box>
      )}
    />
  );
}
