import { MAX_ALL_VEHICLES_REPORT_SECONDS } from '@bhada/contracts/money/wallet';
import { Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { StatementFormatFooter } from '../../../../components/statement-format-footer.tsx';
import { useOpenStatement } from '../../../../lib/open-statement.ts';
import { daysAgoIst, endOfDay, startOfDay, todayIst } from '../lib/dates.ts';

/**
 * The Report popup (one vehicle, report/fastagStatement/v2) and the All Fastag Report popup (all
 * vehicles, report/fastagStatement, at most 14 days). spec: fastag §2.6, §5, §7.2.
 */
export function ReportModal({ vehicle, onClose }: { vehicle?: { vehicleId: string; vehicleNumber: string }; onClose: () => void }) {
  const { t } = useTranslation('fastag');
  const [from, setFrom] = useState(daysAgoIst(vehicle ? 29 : 6));
  const [to, setTo] = useState(todayIst());
  const [txnType, setTxnType] = useState<string>('ALL');
  const [format, setFormat] = useState<'xlsx' | 'pdf'>('xlsx');
  const [error, setError] = useState<string | null>(null);
  const open = useOpenStatement();

  const download = () => {
    setError(null);
    const fromTime = startOfDay(from);
    const toTime = endOfDay(to);
    if (fromTime > toTime) return setError(t('errors.startAfterEndDetails'));
    if (!vehicle && toTime - fromTime > MAX_ALL_VEHICLES_REPORT_SECONDS) return setError(t('errors.range14'));
    const params: Record<string, string | number> = { fromTime, toTime, reportFormat: format };
    if (txnType !== 'ALL') params.txnType = txnType;
    if (vehicle) params.vehicleId = vehicle.vehicleId;
    open.mutate({ report: vehicle ? 'fastagStatement/v2' : 'fastagStatement', params }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={vehicle ? t('report.vehicleTitle', { vehicle: vehicle.vehicleNumber }) : t('report.allTitle')}
    >
      <Stack>
        {!vehicle && (
          <Text size="sm" c="dimmed">
            {t('report.allHint')}
          </Text>
        )}
        <SimpleGrid cols={2}>
          <DateField label={t('report.from')} value={from} onChange={setFrom} clearable={false} />
          <DateField label={t('report.to')} value={to} onChange={setTo} clearable={false} />
        </SimpleGrid>
        <Select
          label={t('report.type')}
          value={txnType}
          onChange={(v) => setTxnType(v ?? 'ALL')}
          allowDeselect={false}
          data={[
            { value: 'ALL', label: t('report.typeAll') },
            { value: 'DEBIT', label: t('report.typeDebit') },
            { value: 'CREDIT', label: t('report.typeCredit') },
          ]}
        />
        <StatementFormatFooter
          formatLabel={t('report.format')}
          format={format}
          onFormatChange={setFormat}
          error={error ?? (open.isError ? open.error?.message : undefined)}
          pending={open.isPending}
          downloadLabel={t('report.download')}
          onDownload={download}
        />
      </Stack>
    </Modal>
  );
}
