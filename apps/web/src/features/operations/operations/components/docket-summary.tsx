import { formatPaisa } from '@bhada/contracts/money/amounts';
import type { DocketResponse } from '@bhada/contracts/operations/operations';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../../lib/format.ts';

/** The consignment a docket belongs to: parties, route, goods, freight and when its action window closes. */
export function DocketSummary({ data }: { data: DocketResponse }) {
  const { t } = useTranslation('operations');
  const c = data.consignment;
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          <b>{t('docket.consigner')}:</b> {c.consignerName}
        </Text>
        <Text size="sm">
          <b>{t('docket.consignee')}:</b> {c.consignee ? `${c.consignee.name}${c.consignee.gstin ? ` (${c.consignee.gstin})` : ''}` : '—'}
        </Text>
        <Text size="sm">
          <b>{t('docket.route')}:</b> {c.originCity} → {c.destinationCity}
        </Text>
        <Text size="sm">
          <b>{t('docket.goods')}:</b> {c.material}, {t('docket.weightValue', { weight: formatNumber(c.weightKg) })}
        </Text>
        <Text size="sm">
          <b>{t('docket.freight')}:</b> {formatPaisa(c.freightInPaisa)}
        </Text>
        {data.actionWindow.closesAt && (
          <Text size="sm">
            <b>{t('docket.windowCloses')}:</b> {formatDateTime(data.actionWindow.closesAt)}
          </Text>
        )}
      </SimpleGrid>
    </Paper>
  );
}
