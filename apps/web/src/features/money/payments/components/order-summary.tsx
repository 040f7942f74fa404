import { formatPaisa } from '@bhada/contracts/money/amounts';
import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function OrderSummary({ orderId, amountPaisa, chargePaisa }: { orderId: string; amountPaisa: number; chargePaisa: number }) {
  const { t } = useTranslation('payments');
  const row = (label: string, value: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={strong ? 'summary-total' : undefined}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6}>
        <Text fw={600}>{t('payment.summary')}</Text>
        {row(t('payment.orderId'), orderId)}
        {row(t('payment.amount'), formatPaisa(amountPaisa, { decimals: 'always' }))}
        {row(t('payment.charge'), formatPaisa(chargePaisa, { decimals: 'always' }))}
        <Divider />
        {row(t('payment.total'), formatPaisa(amountPaisa + chargePaisa, { decimals: 'always' }), true)}
      </Stack>
    </Paper>
  );
}
