import type { VehicleListing } from '@bhada/contracts/fleet/fleet';
import { Alert, Anchor, Badge, Button, Card, Container, FileInput, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar } from '../../../../lib/notify.ts';
import { putFile } from '../../../../lib/upload.ts';
import { fleetKeys } from '../api/fleet-keys.ts';
import { confirmProfileDocument, getDocumentViewUrl, getProfileUploadUrl, useProfileDocuments, useVehicles } from '../api/vehicles.ts';
import { AddVehicleModal } from '../components/add-vehicle-modal.tsx';
import { DocumentUploadModal } from '../components/document-upload.tsx';

const STATUS_COLOR: Record<string, string> = { VERIFIED: 'green', PENDING: 'yellow', REJECTED: 'red', UPLOADING: 'gray' };

function StatusBadge({ status, statusHi }: { status: string; statusHi: string }) {
  const { t, i18n } = useTranslation('fleet');
  return (
    <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light">
      {i18n.language === 'hi' ? statusHi : t(`status.${status}`)}
    </Badge>
  );
}

async function openDocument(documentId: string) {
  const view = await getDocumentViewUrl(documentId);
  window.open(view.url, '_blank', 'noopener');
}

function VehicleCard({ v, onUpload }: { v: VehicleListing; onUpload: (mode: 'RC' | 'CERTIFICATE') => void }) {
  const { t, i18n } = useTranslation('fleet');
  return (
    <Card withBorder padding="sm" data-testid="vehicle-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{v.displayNumber}</Text>
          <Text size="sm" c="dimmed">
            {i18n.language === 'hi' ? v.vehicleTypeHindi : v.vehicleType} ·{' '}
            {t('vehicle.summary', { tyres: v.tyreCount, tonnage: v.tonnage })}
          </Text>
        </Stack>
        <StatusBadge status={v.status} statusHi={v.statusHi} />
      </Group>
      <Text size="sm" fw={600} mt="xs">
        {v.heading}
      </Text>
      <Text size="sm">{v.description}</Text>
      {v.expiringSoon ? (
        <Badge color="orange" mt="xs">
          {t('documents.expiringSoon')}
        </Badge>
      ) : null}
      {v.documents.length ? (
        <Stack gap={4} mt="xs">
          {v.documents.map((d) => (
            <Group key={d.documentId} justify="space-between" wrap="nowrap" gap="xs">
              <Anchor
                component="button"
                size="sm"
                onClick={() => void openDocument(d.documentId).catch(() => snackbar(t('documents.viewFailed'), 'error'))}
              >
                {t(`docType.${d.docType}`)}
                {d.expiresOn ? ` · ${t('documents.expires', { date: formatDate(d.expiresOn) })}` : ''}
              </Anchor>
              <StatusBadge status={d.status} statusHi={d.statusHi} />
            </Group>
          ))}
        </Stack>
      ) : null}
      <Group mt="sm" gap="xs">
        {v.vehicleInputWidget !== 'NONE' ? (
          <Button mih={44} size="sm" onClick={() => onUpload('RC')}>
            {t(v.vehicleInputWidget === 'REUPLOAD_RC' ? 'documents.reuploadRc' : 'documents.uploadRc')}
          </Button>
        ) : null}
        <Button mih={44} size="sm" variant="light" onClick={() => onUpload('CERTIFICATE')}>
          {t('documents.addCertificate')}
        </Button>
      </Group>
    </Card>
  );
}

function IdProof() {
  const { t } = useTranslation('fleet');
  const docs = useProfileDocuments();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = docs.data?.documents.find((d) => d.docType === 'ID_PROOF');

  async function upload(file: File | null) {
    if (!file) return;
    setError(null);
    try {
      const issued = await getProfileUploadUrl(file.name);
      setProgress(0);
      await putFile(issued.url, file, issued.contentType, setProgress);
      await confirmProfileDocument(issued.resourceKey);
      snackbar(t('documents.submitted'), 'success');
      await queryClient.invalidateQueries({ queryKey: fleetKeys.profileDocs() });
    } catch (e) {
      setError(isApiError(e) || e instanceof Error ? e.message : t('common:somethingWentWrong'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card withBorder padding="sm">
      <Group justify="space-between">
        <Text fw={600}>{t('docType.ID_PROOF')}</Text>
        {current ? <StatusBadge status={current.status} statusHi={current.statusHi} /> : null}
      </Group>
      {current?.rejectReason ? (
        <Text size="sm" c="red">
          {current.rejectReason}
        </Text>
      ) : null}
      <FileInput
        mt="xs"
        placeholder={t(current ? 'documents.replaceIdProof' : 'documents.uploadIdProof')}
        accept="image/jpeg,image/png,image/webp,image/heic,application/pdf"
        onChange={(f) => void upload(f)}
        disabled={progress !== null}
        aria-label={t(current ? 'documents.replaceIdProof' : 'documents.uploadIdProof')}
      />
      {progress !== null ? <Progress mt="xs" value={progress} aria-label={t('docType.ID_PROOF')} /> : null}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Card>
  );
}

/** Documents (spec fastag §2.4 /web-view/operatorKyc, menu Documents): vehicles, their KYC and the ID proof. */
export default function DocumentsPage() {
  const { t, i18n } = useTranslation('fleet');
  usePageTitle(t('documents.title'));
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState<{ vehicle: VehicleListing; mode: 'RC' | 'CERTIFICATE' } | null>(null);
  const vehicles = useVehicles(search.trim(), i18n.language);

  return (
    <Container size="md" px="sm" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('documents.title')}</Title>
          <Button mih={44} leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('vehicle.add')}
          </Button>
        </Group>
        <IdProof />
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('documents.search')}
          aria-label={t('documents.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {vehicles.isPending ? (
          <Text role="status">{t('common:loading')}</Text>
        ) : vehicles.isError ? (
          // spec §4: a failed listing shows a placeholder entry and the no-data state
          <Stack>
            <Card withBorder padding="sm" data-testid="vehicle-placeholder">
              <Text fw={700}>— — — —</Text>
              <Text size="sm" c="dimmed">
                {t('documents.placeholder')}
              </Text>
            </Card>
            <Alert color="red" role="alert" title={t('documents.noData')}>
              <Button size="xs" variant="light" color="red" onClick={() => void vehicles.refetch()}>
                {t('common:retry')}
              </Button>
            </Alert>
          </Stack>
        ) : vehicles.data.noData ? (
          <Text c="dimmed">{search ? t('documents.noMatch') : t('documents.noVehicles')}</Text>
        ) : (
          vehicles.data.list.map((v) => <VehicleCard key={v.vehicleId} v={v} onUpload={(mode) => setUploading({ vehicle: v, mode })} />)
        )}
      </Stack>
      {adding ? <AddVehicleModal onClose={() => setAdding(false)} /> : null}
      {uploading ? <DocumentUploadModal vehicle={uploading.vehicle} mode={uploading.mode} onClose={() => setUploading(null)} /> : null}
    </Container>
  );
}
