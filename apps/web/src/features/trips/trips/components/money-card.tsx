import { formatPaisa } from '@bhada/contracts/money/amounts';
import type { TripTransactions } from '@bhada/contracts/trips/trips';
import { Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../../components/query-state.tsx';
import { useTripTransactions } from '../api/get-trip-transactions.ts';

type Tx = TripTransactions['transactions'][number];

const STATUS_COLOR: Record<Tx['status'], string> = { PAID: 'teal', DUE: 'gray', HELD: 'blue', APPROVED: 'teal', CLAIMED: 'yellow' };

const money = (paisa: number) => (paisa < 0 ? `− ${formatPaisa(-paisa)}` : formatPaisa(paisa));

/**
 * spec §2 trip-transactions: token, advance, balance, deductions — one row per movement the server
 * lists (a cancelled trip shows its refund and fee instead of advance and balance), then what has
 * reached the operator against what the trip pays in all.
 */
export function MoneyCard({ tripId }: { tripId: string }) {
  const { t } = useTranslation('trips');
  const query = useTripTransactions(tripId);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="trip-money">
      <Title order={5} mb="xs">
        {t('money.title')}
      </Title>
      <QueryState query={query}>
        {(m) => (
          <Stack gap={6}>
            <Row label={t('money.freight')} value={formatPaisa(m.agreedPriceInPaisa)} />
            {m.transactions.map((tx, i) => (
              <Row
                key={`${tx.kind}-${i}`}
                kind={tx.kind}
                label={tx.kind === 'DEDUCTION' ? t('money.kinds.DEDUCTION', { reason: tx.label }) : t(`money.kinds.${tx.kind}`)}
                value={money(tx.amountInPaisa)}
                badge={t(`money.status.${tx.status}`)}
                color={STATUS_COLOR[tx.status]}
              />
            ))}
            <Divider />
            <Row
              label={t('money.received')}
              value={`${formatPaisa(m.paidInPaisa)} / ${formatPaisa(m.totalPayableInPaisa)}`}
              strong
              testId="trip-money-received"
            />
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function Row(props: { label: string; value: string; badge?: string; color?: string; strong?: boolean; kind?: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" data-kind={props.kind} data-testid={props.testId}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Text size="sm" fw={props.strong ? 700 : 400} truncate>
          {props.label}
        </Text>
        {props.badge ? (
          <Badge size="xs" variant="light" color={props.color} style={{ flexShrink: 0 }}>
            {props.badge}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" fw={props.strong ? 700 : 500} style={{ flexShrink: 0 }}>
        {props.value}
      </Text>
    </Group>
  );
}
