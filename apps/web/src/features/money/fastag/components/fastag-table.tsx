import type { FastagRow } from '@bhada/contracts/money/fastag';
import { formatRupees } from '@bhada/contracts/money/amounts';
import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { VirtualRows } from '../../../../components/virtual-rows.tsx';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { tagColor } from '../lib/tag-colors.ts';
import { AutoRechargeSwitch } from './auto-recharge-switch.tsx';

// the action column is sized for both buttons in English and Hindi, so neither label is cut (buttons keep their width)
const GRID = 'minmax(136px,1.4fr) 90px minmax(170px,1.6fr) 110px 110px 280px';
const MIN_WIDTH = 136 + 90 + 170 + 110 + 110 + 280;
const actionButton = { flexShrink: 0 } as const;
const cell = { padding: '10px 8px', minWidth: 0 } as const;
const stickyCell = { ...cell, position: 'sticky', left: 0, zIndex: 1 } as const;
/** Below this width each tag is a card with every control in view (like the passbook), not a sideways table. */
export const PHONE_QUERY = '(max-width: 40em)';

/** `onRecharge` and `onMinBalance` are absent when the role may not recharge (FASTAG_RECHARGE) */
type Actions = { onOpen: (row: FastagRow) => void; onRecharge?: (row: FastagRow) => void; onMinBalance?: (row: FastagRow) => void };

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
  // read at the first render, so a phone never draws the desktop layout first and then again as cards
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  if (phone) {
    return (
      <VirtualRows
        rows={rows}
        label={t('tableLabel')}
        estimateSize={210}
        minWidth={0}
        getKey={(r) => r.tagId}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={onLoadMore}
        renderRow={(row) => <FastagCard row={row} onOpen={onOpen} onRecharge={onRecharge} onMinBalance={onMinBalance} />}
      />
    );
  }
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
            <Text fw={600} size="sm" data-testid="fastag-open-details">
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
                  h={44}
                  size="sm"
                  px={12}
                  style={actionButton}
                  onClick={(e) => {
                    e.stopPropagation();
                    onRecharge(row);
                  }}
                >
                  {t('recharge')}
                </Button>
                <Button
                  h={44}
                  size="sm"
                  px={12}
                  variant="light"
                  style={actionButton}
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

/**
 * A phone's tag: the vehicle opens the details (spec fastag §4); balance, auto-recharge and the two
 * actions sit below it, each a full 44 px target, so a tap lands on what it shows.
 */
function FastagCard({ row, onOpen, onRecharge, onMinBalance }: { row: FastagRow } & Actions) {
  const { t } = useTranslation('fastag');
  const low = row.autoRecharge && row.fastagAmount < row.minBalance;
  return (
    <Box role="row" px={4} py={6}>
      <Paper role="cell" withBorder radius="md" p="sm" style={{ borderLeft: `6px solid var(--mantine-color-${tagColor(row.tagClass)}-5)` }}>
        <Stack gap="xs">
          <UnstyledButton
            onClick={() => onOpen(row)}
            data-testid="fastag-open-details"
            aria-label={t('openDetails', { vehicle: row.vehicleNumber })}
            mih={44}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Box style={{ minWidth: 0 }}>
                <Text fw={700}>{row.vehicleNumber}</Text>
                <Text size="xs" c="dimmed" truncate>
                  {t('classLabel', { tagClass: row.tagClass })} · {row.barcode}
                </Text>
              </Box>
              <IconChevronRight size={20} aria-hidden />
            </Group>
          </UnstyledButton>
          <Text size="xs" c="dimmed">
            {row.lastTollName ? `${row.lastTollName}${row.lastTollTime ? ` · ${formatDateTime(row.lastTollTime)}` : ''}` : t('noToll')}
          </Text>
          <Group justify="space-between" wrap="nowrap" align="center">
            <Box>
              <Text size="xs" c="dimmed">
                {t('columns.balance')}
              </Text>
              <Text fw={700} c={low ? 'red' : undefined}>
                {formatRupees(row.fastagAmount)}
              </Text>
              {row.minBalance > 0 && (
                <Text size="xs" c="dimmed">
                  {t('minBalanceShort', { amount: formatRupees(row.minBalance) })}
                </Text>
              )}
            </Box>
            <Group gap={8} wrap="nowrap" mih={44}>
              <Text size="sm">{t('columns.autoRecharge')}</Text>
              <AutoRechargeSwitch row={row} readOnly={!onRecharge} />
            </Group>
          </Group>
          {onRecharge && onMinBalance ? (
            <SimpleGrid cols={2} spacing="xs">
              <Button h={44} onClick={() => onRecharge(row)}>
                {t('recharge')}
              </Button>
              <Button h={44} variant="light" onClick={() => onMinBalance(row)} styles={{ label: { whiteSpace: 'normal' } }}>
                {t('maintainBalance')}
              </Button>
            </SimpleGrid>
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}
