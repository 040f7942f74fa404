import { Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { formatPaisa } from '../../../lib/format.ts';
import { useTripTransactions } from '../api/get-trip-transactions.ts';

/** spec §2 trip-transactions: token, advance, balance, deductions. */
export function MoneyCard({ tripId }: { tripId: string }) {
  const { t } = useTranslation('trips');
  const query = useTripTransactions(tripId);
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={5} mb="xs">
        {t('money.title')}
      </Title>
      <QueryState query={query}>
        {(m) => (
          <Stack gap={6}>
            <Row label={t('money.freight')} value={formatPaisa(m.agreedPriceInPaisa)} />
            <Row
              label={t('money.token')}
              value={formatPaisa(m.tokenInPaisa)}
              badge={m.tokenHeldInPaisa > 0 ? t('money.held') : undefined}
            />
            <Row
              label={t('money.advance')}
              value={formatPaisa(m.advanceInPaisa)}
              badge={m.advancePaid ? t('money.paid') : t('money.due')}
            />
            <Row label={t('money.charges')} value={formatPaisa(m.approvedChargesInPaisa)} />
            <Row label={t('money.deductions')} value={`− ${formatPaisa(m.deductionsInPaisa)}`} />
            <Divider />
            <Row
              label={t('money.balance')}
              value={formatPaisa(m.balanceInPaisa)}
              badge={m.balancePaid ? t('money.paid') : t('money.due')}
              strong
            />
            <Row label={t('money.received')} value={`${formatPaisa(m.paidInPaisa)} / ${formatPaisa(m.totalPayableInPaisa)}`} />
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function Row({ label, value, badge, strong }: { label: string; value: string; badge?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap={6}>
        <Text size="sm" fw={strong ? 700 : 400}>
          {label}
        </Text>
        {badge ? (
          <Badge size="xs" variant="light">
            {badge}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}
