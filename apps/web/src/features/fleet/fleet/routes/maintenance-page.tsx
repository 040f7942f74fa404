import {
  MAINTENANCE_KINDS,
  type MaintenanceFlag,
  type MaintenanceKind,
  type MaintenanceReminder,
  type MaintenanceVehicle,
} from '@bhada/contracts/fleet/fleet';
import { formatPaisa, parseRupees } from '@bhada/contracts/money/amounts';
import { Alert, Badge, Button, Card, Container, Group, Modal, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, indiaNow } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { RupeeInput } from '../../../../components/rupee-input.tsx';
import { formatDate, formatNumber } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar } from '../../../../lib/notify.ts';
import { useAddReminder, useMaintenance, useMarkReminderDone } from '../api/maintenance.ts';

const FLAG_COLOR: Record<MaintenanceFlag, string> = { OK: 'green.9', DUE: 'orange.9', OVERDUE: 'red.8' };

function FlagBadge({ flag }: { flag: MaintenanceFlag }) {
  const { t } = useTranslation('fleet');
  return (
    <Badge color={FLAG_COLOR[flag]} variant="filled" style={{ flexShrink: 0 }}>
      {t(`maintenance.flag.${flag}`)}
    </Badge>
  );
}

const toNumber = (v: string | number) => (v === '' ? null : Number(v));

function AddReminderModal({ vehicle, onClose }: { vehicle: MaintenanceVehicle; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const add = useAddReminder();
  const [kind, setKind] = useState<MaintenanceKind>('OIL_CHANGE');
  const [dueOn, setDueOn] = useState('');
  const [dueKm, setDueKm] = useState<string | number>('');
  const [readingKm, setReadingKm] = useState<string | number>('');
  const [note, setNote] = useState('');
  const error = isApiError(add.error) ? add.error.message : null;

  const submit = () =>
    add.mutate(
      {
        vehicleId: vehicle.vehicleId,
        kind,
        dueOn: dueOn || null,
        dueOdometerKm: toNumber(dueKm),
        odometerKm: toNumber(readingKm),
        note: note.trim() || null,
      },
      {
        onSuccess: () => {
          snackbar(t('maintenance.saved'), 'success');
          onClose();
        },
      },
    );

  return (
    <Modal opened onClose={onClose} title={t('maintenance.addTitle', { vehicle: vehicle.vehicleNumber })}>
      <Stack>
        <Select
          label={t('maintenance.kindLabel')}
          data={MAINTENANCE_KINDS.map((k) => ({ value: k, label: t(`maintenance.kind.${k}`) }))}
          value={kind}
          onChange={(v) => setKind((v as MaintenanceKind) ?? 'OIL_CHANGE')}
          allowDeselect={false}
        />
        <DateField allowFuture label={t('maintenance.dueOn')} value={dueOn} onChange={setDueOn} />
        <NumberInput
          label={t('maintenance.dueKm')}
          value={dueKm}
          onChange={setDueKm}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
        />
        <NumberInput
          label={t('maintenance.readingKm')}
          value={readingKm}
          onChange={setReadingKm}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
        />
        <TextInput label={t('maintenance.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} />
        <Text size="sm" c="dimmed">
          {t('maintenance.dueHint')}
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button mih={44} onClick={submit} loading={add.isPending} disabled={!dueOn && dueKm === ''}>
          {t('maintenance.save')}
        </Button>
      </Stack>
    </Modal>
  );
}

function DoneModal({ reminder, onClose }: { reminder: MaintenanceReminder; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const done = useMarkReminderDone();
  const [doneOn, setDoneOn] = useState(indiaNow(false));
  const [cost, setCost] = useState<string | number>('');
  const [readingKm, setReadingKm] = useState<string | number>('');
  const [note, setNote] = useState('');
  const error = isApiError(done.error) ? done.error.message : null;

  const submit = () =>
    done.mutate(
      {
        reminderId: reminder.reminderId,
        body: { doneOn, costPaisa: parseRupees(cost) ?? 0, note: note.trim() || null, odometerKm: toNumber(readingKm) },
      },
      {
        onSuccess: () => {
          snackbar(t('maintenance.doneSaved'), 'success');
          onClose();
        },
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('maintenance.doneTitle', { kind: t(`maintenance.kind.${reminder.kind}`), vehicle: reminder.vehicleNumber })}
    >
      <Stack>
        <DateField label={t('maintenance.doneOn')} value={doneOn} onChange={setDoneOn} clearable={false} />
        <RupeeInput label={t('maintenance.cost')} value={cost} onChange={setCost} min={0} allowNegative={false} required />
        <NumberInput
          label={t('maintenance.readingKm')}
          value={readingKm}
          onChange={setReadingKm}
          min={0}
          allowDecimal={false}
          allowNegative={false}
        />
        <TextInput label={t('maintenance.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button mih={44} onClick={submit} loading={done.isPending} disabled={cost === '' || !doneOn}>
          {t('maintenance.markDone')}
        </Button>
      </Stack>
    </Modal>
  );
}

function ReminderRow({ reminder, onDone }: { reminder: MaintenanceReminder; onDone: () => void }) {
  const { t } = useTranslation('fleet');
  const due = [
    reminder.dueOn ? t('maintenance.dueDate', { date: formatDate(reminder.dueOn) }) : null,
    reminder.dueOdometerKm != null ? t('maintenance.dueAtKm', { km: formatNumber(reminder.dueOdometerKm) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={4} py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={600}>{t(`maintenance.kind.${reminder.kind}`)}</Text>
          <Text size="sm">{due}</Text>
          {reminder.note ? (
            <Text size="sm" c="dimmed">
              {reminder.note}
            </Text>
          ) : null}
          {reminder.status === 'DONE' ? (
            <Text size="sm">
              {t('maintenance.doneLine', {
                date: reminder.doneOn ? formatDate(reminder.doneOn) : '—',
                cost: formatPaisa(reminder.costPaisa ?? 0),
              })}
              {reminder.doneNote ? ` · ${reminder.doneNote}` : ''}
            </Text>
          ) : null}
        </Stack>
        {reminder.status === 'DONE' ? <Badge color="gray.7">{t('maintenance.done')}</Badge> : <FlagBadge flag={reminder.flag} />}
      </Group>
      {reminder.status === 'OPEN' ? (
        <Group>
          <Button
            mih={44}
            size="sm"
            variant="light"
            onClick={onDone}
            aria-label={t('maintenance.markDoneFor', { kind: t(`maintenance.kind.${reminder.kind}`), vehicle: reminder.vehicleNumber })}
          >
            {t('maintenance.markDone')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function VehicleCard({
  vehicle,
  onAdd,
  onDone,
}: {
  vehicle: MaintenanceVehicle;
  onAdd: () => void;
  onDone: (r: MaintenanceReminder) => void;
}) {
  const { t } = useTranslation('fleet');
  return (
    <Card withBorder padding="sm" aria-label={vehicle.vehicleNumber} component="section">
      <Group justify="space-between" wrap="wrap">
        <Title order={4}>{vehicle.vehicleNumber}</Title>
        <Button mih={44} size="sm" leftSection={<IconPlus size={16} />} onClick={onAdd}>
          {t('maintenance.add')}
        </Button>
      </Group>
      <Text fw={600} mt="xs" size="sm">
        {t('maintenance.documents')}
      </Text>
      {vehicle.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('maintenance.noDocuments')}
        </Text>
      ) : (
        vehicle.documents.map((d) => (
          <Group key={d.documentId} justify="space-between" wrap="nowrap" py={4}>
            <Text size="sm">
              {t(`docType.${d.docType}`, { defaultValue: d.docType })} · {t('maintenance.expires', { date: formatDate(d.expiresOn) })}
            </Text>
            <FlagBadge flag={d.flag} />
          </Group>
        ))
      )}
      <Text fw={600} mt="xs" size="sm">
        {t('maintenance.reminders')}
      </Text>
      {vehicle.reminders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('maintenance.noReminders')}
        </Text>
      ) : (
        vehicle.reminders.map((r) => <ReminderRow key={r.reminderId} reminder={r} onDone={() => onDone(r)} />)
      )}
    </Card>
  );
}

/** Maintenance (menu Maintenance, ADR 101): per vehicle, document expiries and service reminders, due and overdue flagged. */
export default function MaintenancePage() {
  const { t } = useTranslation('fleet');
  usePageTitle(t('maintenance.title'));
  const maintenance = useMaintenance();
  const [adding, setAdding] = useState<MaintenanceVehicle | null>(null);
  const [finishing, setFinishing] = useState<MaintenanceReminder | null>(null);

  return (
    <Container size="md" px="sm" py="md">
      <Stack>
        <Title order={3}>{t('maintenance.title')}</Title>
        <QueryState query={maintenance} isEmpty={(d) => d.length === 0}>
          {(list) => {
            const attention = list.flatMap((v) => [...v.documents, ...v.reminders]).filter((x) => x.flag !== 'OK').length;
            return (
              <>
                <Text size="sm">{t('maintenance.summary', { count: attention })}</Text>
                {list.map((v) => (
                  <VehicleCard key={v.vehicleId} vehicle={v} onAdd={() => setAdding(v)} onDone={setFinishing} />
                ))}
              </>
            );
          }}
        </QueryState>
      </Stack>
      {adding ? <AddReminderModal vehicle={adding} onClose={() => setAdding(null)} /> : null}
      {finishing ? <DoneModal reminder={finishing} onClose={() => setFinishing(null)} /> : null}
    </Container>
  );
}
