import { parseRupees } from '@bhada/contracts/money/amounts';
import type { DocketResponse, SaveDocketRequest } from '@bhada/contracts/operations/operations';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateField } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { notify } from '../../../../lib/notify.ts';
import { openDocketPdf, uploadInvoiceFile, useDeleteDocket, useDeleteInvoice, useDocket, useSaveDocket } from '../api/docket.ts';
import { DocketInvoices, emptyInvoice, type NewInvoice } from '../components/docket-invoices.tsx';
import { DocketSummary } from '../components/docket-summary.tsx';

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
  const _c = data.consignment;
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
      <DocketSummary data={data} />
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
      <DocketInvoices
        data={data}
        closed={closed}
        invoice={invoice}
        onInvoiceChange={setInvoice}
        error={fieldError('invoices')}
        onDelete={(invoiceId) =>
          removeInvoice.mutate(invoiceId, { onSuccess: () => notify.snackbar(t('docket.invoiceDeleted'), 'success') })
        }
      />
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
