import { formatPaisa } from '@bhada/contracts/money/amounts';
import type { DocketResponse } from '@bhada/contracts/operations/operations';
import { Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { RupeeInput } from '../../../../components/rupee-input.tsx';
import { formatDate } from '../../../../lib/format.ts';

export type NewInvoice = { invoiceNumber: string; invoiceDate: string; value: number | string; file: File | null };
export const emptyInvoice: NewInvoice = { invoiceNumber: '', invoiceDate: '', value: '', file: null };

interface Props {
  data: DocketResponse;
  closed: boolean;
  /** the invoice being added, saved with the docket */
  invoice: NewInvoice;
  onInvoiceChange(invoice: NewInvoice): void;
  onDelete(invoiceId: string): void;
  error?: string;
}

/** A docket's goods invoices: the saved ones with view and delete, and the fields of one more. */
export function DocketInvoices({ data, closed, invoice, onInvoiceChange, onDelete, error }: Props) {
  const { t } = useTranslation('operations');
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={5} mb="xs">
        {t('docket.invoices')} · {formatPaisa(data.totalInvoiceValueInPaisa)}
      </Title>
      <Stack gap="xs">
        {data.invoices.map((i) => (
          <Group key={i.invoiceId} justify="space-between" wrap="wrap" data-testid="invoice-row">
            <Text size="sm">
              {i.invoiceNumber} · {formatDate(i.invoiceDate)} · {formatPaisa(i.valueInPaisa)}
            </Text>
            <Group gap="xs">
              {i.viewUrl && (
                <Button component="a" href={i.viewUrl} target="_blank" rel="noopener" size="xs" h={44} variant="subtle">
                  {t('docket.view')}
                </Button>
              )}
              <Button size="xs" h={44} color="red" variant="subtle" disabled={closed} onClick={() => onDelete(i.invoiceId)}>
                {t('docket.deleteInvoice')}
              </Button>
            </Group>
          </Group>
        ))}
        {!closed && (
          <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
            <TextInput
              label={t('docket.invoiceNumber')}
              value={invoice.invoiceNumber}
              onChange={(e) => onInvoiceChange({ ...invoice, invoiceNumber: e.currentTarget.value })}
            />
            <DateField
              label={t('docket.invoiceDate')}
              value={invoice.invoiceDate}
              onChange={(invoiceDate) => onInvoiceChange({ ...invoice, invoiceDate })}
            />
            <RupeeInput
              label={t('docket.invoiceValue')}
              value={invoice.value}
              onChange={(v) => onInvoiceChange({ ...invoice, value: v })}
            />
            <FileInput
              label={t('docket.invoiceFile')}
              accept="image/*,application/pdf"
              clearable
              value={invoice.file}
              onChange={(f) => onInvoiceChange({ ...invoice, file: f })}
            />
          </SimpleGrid>
        )}
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
