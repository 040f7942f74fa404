import { formatPaisa } from '@bhada/contracts/money/amounts';
import { Alert, Button, Group, Modal, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar, toast } from '../../../../lib/notify.ts';
import { useCancelConfirmation, useCancelReasons, useCancelTrip } from '../api/cancel-trip.ts';
import { useOperatorVehicles, useReplaceReasons, useReplaceVehicle } from '../api/replace-vehicle.ts';

/** fastag §7.4: cancel reasons → cancel confirmation → cancel; replace vehicle with reasons. */
export function CancelAndReplace({
  tripId,
  canCancel,
  canReplace,
  driverName,
}: {
  tripId: string;
  canCancel: boolean;
  canReplace: boolean;
  driverName: string;
}) {
  const { t } = useTranslation('trips');
  const [modal, setModal] = useState<'cancel' | 'replace' | null>(null);
  if (!canCancel && !canReplace) return null;
  return (
    <Group grow>
      {canReplace ? (
        <Button variant="default" onClick={() => setModal('replace')}>
          {t('replace.open')}
        </Button>
      ) : null}
      {canCancel ? (
        <Button variant="light" color="red" onClick={() => setModal('cancel')}>
          {t('cancel.open')}
        </Button>
      ) : null}
      {modal === 'cancel' ? <CancelModal tripId={tripId} onClose={() => setModal(null)} /> : null}
      {modal === 'replace' ? <ReplaceModal tripId={tripId} driverName={driverName} onClose={() => setModal(null)} /> : null}
    </Group>
  );
}

function CancelModal({ tripId, onClose }: { tripId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('trips');
  const reasons = useCancelReasons(tripId, true);
  const confirmation = useCancelConfirmation(tripId, true);
  const cancel = useCancelTrip();
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const hindi = i18n.language === 'hi';
  return (
    <Modal opened onClose={onClose} title={reasons.data?.heading ? t('cancel.heading') : t('cancel.open')} centered>
      <Stack gap="sm">
        <Radio.Group value={reason} onChange={setReason}>
          <Stack gap={6}>
            {(reasons.data?.reasons ?? []).map((r) => (
              <Radio key={r.code} value={r.code} label={hindi ? r.labelHi : r.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea label={t('remarks')} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)} />
        {confirmation.data ? (
          <Alert color={confirmation.data.forfeitInPaisa > 0 ? 'orange' : 'blue'}>
            <Text size="sm">
              {t('cancel.refund', {
                refund: formatPaisa(confirmation.data.refundInPaisa),
                token: formatPaisa(confirmation.data.tokenInPaisa),
              })}
            </Text>
            {confirmation.data.forfeitInPaisa > 0 ? (
              <Text size="sm">{t('cancel.fee', { fee: formatPaisa(confirmation.data.forfeitInPaisa) })}</Text>
            ) : null}
          </Alert>
        ) : null}
        <Button
          color="red"
          disabled={!reason || confirmation.data?.allowed === false}
          loading={cancel.isPending}
          onClick={() =>
            cancel.mutate(
              { tripId, reasonCode: reason, remarks: remarks.trim() },
              {
                onSuccess: () => {
                  toast({ msg: t('cancel.done') });
                  onClose();
                },
                onError: () => snackbar(t('reasonError')),
              },
            )
          }
        >
          {t('cancel.confirm')}
        </Button>
      </Stack>
    </Modal>
  );
}

function ReplaceModal({ tripId, driverName, onClose }: { tripId: string; driverName: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('trips');
  const reasons = useReplaceReasons(tripId, true);
  const vehicles = useOperatorVehicles(true);
  const replace = useReplaceVehicle();
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [name, setName] = useState(driverName);
  const [phone, setPhone] = useState('');
  const hindi = i18n.language === 'hi';
  const error = replace.error ? (isApiError(replace.error) ? replace.error.message : t('somethingWentWrong')) : null;
  return (
    <Modal opened onClose={onClose} title={t('replace.open')} centered>
      <Stack gap="sm">
        <Select
          label={t('replace.vehicle')}
          searchable
          data={(vehicles.data ?? []).map((v) => ({ value: v.vehicleId, label: `${v.number} · ${v.vehicleType}` }))}
          value={vehicleId}
          onChange={setVehicleId}
        />
        <TextInput label={t('replace.driverName')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label={t('replace.driverNumber')}
          inputMode="numeric"
          maxLength={10}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Select
          label={t('replace.reason')}
          data={(reasons.data?.reasons ?? []).map((r) => ({ value: r.code, label: hindi ? r.labelHi : r.label }))}
          value={reason}
          onChange={setReason}
        />
        {error ? <Alert color="red">{error}</Alert> : null}
        <Button
          disabled={!vehicleId || !reason || phone.length !== 10 || name.trim().length < 2}
          loading={replace.isPending}
          onClick={() =>
            vehicleId &&
            reason &&
            replace.mutate(
              { tripId, vehicleId, driverName: name.trim(), driverNumber: phone, reasonCode: reason },
              {
                onSuccess: () => {
                  toast({ msg: t('replace.done') });
                  onClose();
                },
              },
            )
          }
        >
          {t('replace.submit')}
        </Button>
      </Stack>
    </Modal>
  );
}
