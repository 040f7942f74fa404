import { formatPaisa, parseRupees } from '@bhada/contracts/money/amounts';
import type { DocketResponse, SaveDocketRequest } from '@bhada/contracts/operations/operations';
import { Alert, Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateField } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { RupeeInput } from '../../../../components/rupee-input.tsx';
import { formatDate, formatDateTime, formatNumber } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { notify } from '../../../../lib/notify.ts';
import { openDocketPdf, uploadInvoiceFile, useDeleteDocket, useDeleteInvoice, useDocket, useSaveDocket } from '../api/docket.ts';

/** /portal/workflow/docket/{code}: the lorry receipt, its e-way bill and goods invoices (spec §7 Trucking docket). */
export function DocketPage() {
  const { t } = useTranslation('operations');
  const code = useParams().code ?? '';
  usePageTitle(t('docket.title'));
  const query = useDocket(code);
  return (
    <Stack maw={960} mx="auto" gap="md">
      <Title order={3}>
        {t('docket.title')} · {code}
      </Title>
      <QueryState query={query}>{(data) => <DocketEditor key={data.docket?.updatedAt ?? 'new'} data={data} />}</QueryState>
    </Stack>
  );
}

type NewInvoice = { invoiceNumber: string; invoiceDate: string; value: number | string; file: File | null };
const emptyInvoice: NewInvoice = { invoiceNumber: '', invoiceDate: '', value: '', file: null };

function DocketEditor({ data }: { data: DocketResponse }) {
  const { t } = useTranslation('operations');
  const save = useSaveDocket(data.cCode);
  const removeDocket = useDeleteDocket(data.cCode);
  const removeInvoice = useDeleteInvoice(data.cCode);
  const [docketNumber, setDocketNumber] = useState(data.docket?.docketNumber ?? '');
  const [docketDate, setDocketDate] = useState(data.docket?.docketDate ?? new Date().toISOString().slice(0, 10));
  const [eway, setEway] = useState(data.docket?.ewayBillNumber ?? '');
  const [ewayUntil, setEwayUntil] = useState(data.docket?.ewayBillValidUntil?.slice(0, 16) ?? '');
  const [remarks, setRemarks] = useState(data.docket?.remarks ?? '');
  const [invoice, setInvoice] = useState<NewInvoice>(emptyInvoice);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const closed = !data.actionWindow.allowed;
  const c = data.consignment;
  const fieldError = (f: string) => (error?.field === f ? error.message : undefined);

  const submit = async () => {
    setError(null);
    const invoices: NonNullable<SaveDocketRequest['invoices']> = data.invoices.map((i) => ({
      invoiceId: i.invoiceId,
      invoiceNumber: i.invoiceNumber,
      invoiceDate: i.invoiceDate,
      valueInPaisa: i.valueInPaisa,
    }));
    if (invoice.invoiceNumber) {
      const value = parseRupees(invoice.value);
      if (value === null || value <= 0) {
        setError({ field: 'invoices', message: t('docket.invoiceValueInvalid') });
        return;
      }
      setBusy(true);
      try {
        const fileKey = invoice.file ? await uploadInvoiceFile(data.cCode, invoice.file) : undefined;
        invoices.push({
          invoiceNumber: invoice.invoiceNumber,
          invoiceDate: invoice.invoiceDate,
          valueInPaisa: value,
          ...(fileKey ? { fileKey } : {}),
        });
      } catch {
        setError({ field: 'invoices', message: t('docket.uploadFailed') });
        setBusy(false);
        return;
      }
      setBusy(false);
    }
    save.mutate(
      {
        cCode: data.cCode,
        docketNumber,
        docketDate,
        ewayBillNumber: eway.trim() || null,
        ewayBillValidUntil: ewayUntil ? new Date(ewayUntil).toISOString() : null,
        remarks: remarks || undefined,
        invoices,
      },
      {
        onSuccess: () => {
          notify.snackbar(t('docket.updated'), 'success');
          setInvoice(emptyInvoice);
        },
        onError: (err) =>
          setError({
            field: isApiError(err) ? err.field?.split('.')[0] : undefined,
            message: err instanceof Error ? err.message : t('docket.failed'),
          }),
      },
    );
  };

  return (
    <Stack gap="md">
      {closed && (
        <Alert color="orange" data-testid="window-closed">
          {data.actionWindow.message}
        </Alert>
      )}
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
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('docket.number')}
              value={docketNumber}
              disabled={closed}
              error={fieldError('docketNumber')}
              onChange={(e) => setDocketNumber(e.currentTarget.value)}
            />
            <DateField
              label={t('docket.date')}
              value={docketDate}
              disabled={closed}
              error={fieldError('docketDate')}
              onChange={setDocketDate}
            />
            <TextInput
              label={t('docket.ewayBill')}
              inputMode="numeric"
              maxLength={12}
              value={eway}
              disabled={closed}
              error={fieldError('ewayBillNumber')}
              onChange={(e) => setEway(e.currentTarget.value.replace(/\D/g, ''))}
            />
            {/* an e-way bill is valid into the future */}
            <DateField
              withTime
              allowFuture
              label={t('docket.ewayValidUntil')}
              value={ewayUntil}
              disabled={closed}
              onChange={setEwayUntil}
            />
          </SimpleGrid>
          {data.docket && data.docket.ewayBillState !== 'NONE' && (
            <Badge
              color={{ VALID: 'green', EXPIRING: 'orange', EXPIRED: 'red', NONE: 'gray' }[data.docket.ewayBillState]}
              data-testid="eway-state"
            >
              {t(`docket.ewayState.${data.docket.ewayBillState}`)}
            </Badge>
          )}
          <Textarea label={t('docket.remarks')} value={remarks} disabled={closed} onChange={(e) => setRemarks(e.currentTarget.value)} />
        </Stack>
      </Paper>
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
                <Button
                  size="xs"
                  h={44}
                  color="red"
                  variant="subtle"
                  disabled={closed}
                  onClick={() =>
                    removeInvoice.mutate(i.invoiceId, { onSuccess: () => notify.snackbar(t('docket.invoiceDeleted'), 'success') })
                  }
                >
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
                onChange={(e) => setInvoice({ ...invoice, invoiceNumber: e.currentTarget.value })}
              />
              <DateField
                label={t('docket.invoiceDate')}
                value={invoice.invoiceDate}
                onChange={(invoiceDate) => setInvoice({ ...invoice, invoiceDate })}
              />
              <RupeeInput label={t('docket.invoiceValue')} value={invoice.value} onChange={(v) => setInvoice({ ...invoice, value: v })} />
              <FileInput
                label={t('docket.invoiceFile')}
                accept="image/*,application/pdf"
                clearable
                value={invoice.file}
                onChange={(f) => setInvoice({ ...invoice, file: f })}
              />
            </SimpleGrid>
          )}
          {fieldError('invoices') && (
            <Text c="red" size="sm">
              {fieldError('invoices')}
            </Text>
          )}
        </Stack>
      </Paper>
      {error && !['docketNumber', 'docketDate', 'ewayBillNumber', 'invoices'].includes(error.field ?? '') && (
        <Alert color="red">{error.message}</Alert>
      )}
      <Group>
        <Button h={44} disabled={closed} loading={save.isPending || busy} onClick={() => void submit()}>
          {t('docket.save')}
        </Button>
        {data.docket && (
          <Button
            h={44}
            variant="default"
            onClick={() => void openDocketPdf(data.cCode).catch(() => notify.snackbar(t('docket.pdfFailed'), 'error'))}
          >
            {t('docket.print')}
          </Button>
        )}
        {data.docket && (
          <Button
            h={44}
            color="red"
            variant="light"
            disabled={closed}
            loading={removeDocket.isPending}
            onClick={() => {
              if (window.confirm(t('docket.confirmDelete')))
                removeDocket.mutate(undefined, { onSuccess: () => notify.snackbar(t('docket.deleted'), 'success') });
            }}
          >
            {t('docket.delete')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export default DocketPage;
