import type { TripDetail } from '@bhada/contracts/trips/trips';
import { Alert, Button, Card, FileInput, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import { snackbar, toast } from '../../../../lib/notify.ts';
import { putFile } from '../../../../lib/upload.ts';
import { getInvoiceUploadUrl, getInvoiceViewUrl, useAttachInvoice, useDeleteInvoice } from '../api/invoice.ts';

/** spec §7: invoice upload-url → PUT → PATCH invoice; view through a signed URL; spec messages. */
export function InvoiceCard({ tripId, invoice, canUpload }: { tripId: string; invoice: TripDetail['invoice']; canUpload: boolean }) {
  const { t } = useTranslation('trips');
  const [file, setFile] = useState<File | null>(null);
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const attach = useAttachInvoice();
  const remove = useDeleteInvoice();

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const target = await getInvoiceUploadUrl(tripId, file.name);
      await putFile(target.url, file, file.type || 'application/pdf');
      await attach.mutateAsync({ tripId, filePath: target.filePath, invoiceNumber: number.trim() || undefined });
      toast({ msg: t('invoice.updated') });
      setFile(null);
    } catch {
      snackbar(t('invoice.updateError'));
    } finally {
      setBusy(false);
    }
  };

  const view = async () => {
    if (!invoice) return;
    try {
      const { url } = await getInvoiceViewUrl(tripId, invoice.filePath);
      window.open(url, '_blank', 'noopener');
    } catch {
      snackbar(t('invoice.getError'));
    }
  };

  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={5} mb="xs">
        {t('invoice.title')}
      </Title>
      <Stack gap="xs">
        {invoice ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {invoice.invoiceNumber ?? t('invoice.noNumber')} · {formatDateTime(invoice.uploadedAt)}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void view()}>
                {t('invoice.view')}
              </Button>
              {canUpload ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(tripId, { onSuccess: () => toast({ msg: t('invoice.deleted') }) })}
                >
                  {t('invoice.delete')}
                </Button>
              ) : null}
            </Group>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('invoice.none')}
          </Text>
        )}
        {canUpload ? (
          <>
            <FileInput
              label={t('invoice.file')}
              accept="application/pdf,image/jpeg,image/png"
              value={file}
              onChange={setFile}
              clearable
              placeholder={t('invoice.choose')}
            />
            <TextInput label={t('invoice.number')} value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
            {attach.isError ? <Alert color="red">{t('invoice.updateError')}</Alert> : null}
            <Button size="sm" disabled={!file} loading={busy} onClick={() => void upload()}>
              {invoice ? t('invoice.replace') : t('invoice.upload')}
            </Button>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
