import { VEHICLE_RELOAD_DELAY_MS, type VehicleDocType, type VehicleListing } from '@bhada/contracts/fleet/fleet';
import { Alert, Button, FileInput, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar } from '../../../../lib/notify.ts';
import { putFile } from '../../../../lib/upload.ts';
import { fleetKeys } from '../api/fleet-keys.ts';
import { attachDocuments, getVehicleUploadUrl } from '../api/vehicles.ts';

type Slot = { docType: VehicleDocType; file: File | null; progress: number | null };
const CERTIFICATES: VehicleDocType[] = ['INSURANCE', 'PERMIT', 'FITNESS', 'PUC'];

/**
 * Uploads a vehicle's documents through signed URLs with progress, then attaches them (the server checks
 * the bytes). `mode` RC asks for both RC sides and the declaration; CERTIFICATE for one certificate and
 * its expiry date. The list reloads 1 s after success (spec §9).
 */
export function DocumentUploadModal({
  vehicle,
  mode,
  onClose,
}: {
  vehicle: VehicleListing;
  mode: 'RC' | 'CERTIFICATE';
  onClose: () => void;
}) {
  const { t } = useTranslation('fleet');
  const queryClient = useQueryClient();
  const [slots, setSlots] = useState<Slot[]>(
    mode === 'RC'
      ? [
          { docType: 'RC_FRONT', file: null, progress: null },
          { docType: 'RC_BACK', file: null, progress: null },
          { docType: 'VEHICLE_DECLARATION', file: null, progress: null },
        ]
      : [{ docType: 'INSURANCE', file: null, progress: null }],
  );
  const [expiresOn, setExpiresOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setSlot = (i: number, patch: Partial<Slot>) => setSlots((list) => list.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const chosen = slots.filter((s) => s.file);
  const missingRc = mode === 'RC' && slots.slice(0, 2).some((s) => !s.file);
  const missingExpiry = mode === 'CERTIFICATE' && !expiresOn;

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const documents = [];
      for (const [i, slot] of slots.entries()) {
        if (!slot.file) continue;
        const issued = await getVehicleUploadUrl({ vehicleId: vehicle.vehicleId, fileName: slot.file.name, docType: slot.docType });
        setSlot(i, { progress: 0 });
        await putFile(issued.url, slot.file, issued.contentType, (p) => setSlot(i, { progress: p }));
        documents.push({
          docType: slot.docType,
          resourceKey: issued.resourceKey,
          expiresOn: mode === 'CERTIFICATE' ? expiresOn : undefined,
        });
      }
      await attachDocuments({ vehicleId: vehicle.vehicleId, documents });
      snackbar(t('documents.submitted'), 'success');
      onClose();
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: fleetKeys.all }), VEHICLE_RELOAD_DELAY_MS);
    } catch (e) {
      setError(isApiError(e) || e instanceof Error ? e.message : t('common:somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(mode === 'RC' ? 'documents.uploadRcTitle' : 'documents.uploadCertTitle', { number: vehicle.displayNumber })}
    >
      <Stack>
        {slots.map((slot, i) => (
          <Stack key={slot.docType} gap={4}>
            {mode === 'CERTIFICATE' ? (
              <Select
                label={t('documents.certificate')}
                data={CERTIFICATES.map((c) => ({ value: c, label: t(`docType.${c}`) }))}
                value={slot.docType}
                onChange={(v) => v && setSlot(i, { docType: v as VehicleDocType })}
                allowDeselect={false}
              />
            ) : null}
            <FileInput
              label={mode === 'RC' ? t(`docType.${slot.docType}`) : t('documents.file')}
              placeholder={t('documents.choosePhoto')}
              accept="image/jpeg,image/png,image/webp,image/heic,application/pdf"
              value={slot.file}
              onChange={(file) => setSlot(i, { file, progress: null })}
              clearable
              disabled={busy}
            />
            {slot.progress !== null ? (
              <Progress
                value={slot.progress}
                aria-label={t('documents.progress', { doc: t(`docType.${slot.docType}`) })}
                animated={slot.progress < 100}
              />
            ) : null}
          </Stack>
        ))}
        {mode === 'CERTIFICATE' ? (
          <DateField allowFuture label={t('documents.expiresOn')} value={expiresOn} onChange={setExpiresOn} required />
        ) : (
          <Text size="xs" c="dimmed">
            {t('documents.rcHint')}
          </Text>
        )}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button mih={44} onClick={() => void submit()} loading={busy} disabled={!chosen.length || missingRc || missingExpiry}>
          {t('documents.submit')}
        </Button>
      </Stack>
    </Modal>
  );
}
