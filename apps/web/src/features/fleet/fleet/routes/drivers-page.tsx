import type { Driver } from '@bhada/contracts/fleet/fleet';
import { Alert, Badge, Button, Card, Container, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar } from '../../../../lib/notify.ts';
import { useDrivers, useRemoveDriver, useSaveDriver } from '../api/drivers.ts';
import { useCompactVehicles } from '../api/vehicles.ts';

function DriverModal({ driver, onClose }: { driver: Driver | null; onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const save = useSaveDriver();
  const vehicles = useCompactVehicles();
  const [name, setName] = useState(driver?.name ?? '');
  const [phone, setPhone] = useState(driver?.phone ?? '');
  const [licence, setLicence] = useState(driver?.licenceNumber ?? '');
  const [expiry, setExpiry] = useState(driver?.licenceExpiry ?? '');
  const [vehicleId, setVehicleId] = useState<string | null>(driver?.vehicleId ?? null);
  const error = isApiError(save.error) ? save.error : null;

  function submit() {
    save.mutate(
      {
        driverId: driver?.driverId,
        body: { name, phone, licenceNumber: licence.trim() || null, licenceExpiry: expiry || null, vehicleId },
      },
      {
        onSuccess: () => {
          snackbar(t('drivers.saved'), 'success');
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={t(driver ? 'drivers.editTitle' : 'drivers.addTitle')}>
      <Stack>
        <TextInput label={t('drivers.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={60} />
        <TextInput
          label={t('drivers.phone')}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
          inputMode="numeric"
          required
          error={error?.field === 'phone' ? error.message : undefined}
        />
        <TextInput
          label={t('drivers.licence')}
          placeholder="RJ14 20190012345"
          value={licence}
          onChange={(e) => setLicence(e.currentTarget.value.toUpperCase())}
        />
        <DateField allowFuture label={t('drivers.licenceExpiry')} value={expiry} onChange={setExpiry} />
        <Select
          label={t('drivers.vehicle')}
          data={(vehicles.data ?? []).map((v) => ({ value: v.vehicleId, label: v.number }))}
          value={vehicleId}
          onChange={setVehicleId}
          clearable
          searchable
        />
        {error && error.field !== 'phone' ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <Button mih={44} onClick={submit} loading={save.isPending} disabled={name.trim().length < 2 || phone.length !== 10}>
          {t('drivers.save')}
        </Button>
      </Stack>
    </Modal>
  );
}

/** Drivers (menu Drivers): the operator's drivers, the same list the token confirmation picks from. */
export default function DriversPage() {
  const { t } = useTranslation('fleet');
  usePageTitle(t('drivers.title'));
  const drivers = useDrivers();
  const remove = useRemoveDriver();
  const [editing, setEditing] = useState<Driver | null | 'new'>(null);
  const [removing, setRemoving] = useState<Driver | null>(null);

  return (
    <Container size="md" px="sm" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('drivers.title')}</Title>
          <Button mih={44} leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('drivers.add')}
          </Button>
        </Group>
        <QueryState query={drivers} isEmpty={(d) => d.length === 0}>
          {(list) =>
            list.map((d) => (
              <Card key={d.driverId} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={700}>{d.name}</Text>
                    <Text size="sm">{d.phone}</Text>
                    <Text size="sm" c="dimmed">
                      {d.licenceNumber
                        ? t('drivers.licenceLine', { number: d.licenceNumber, date: d.licenceExpiry ? formatDate(d.licenceExpiry) : '—' })
                        : t('drivers.noLicence')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {d.vehicleNumber ?? t('drivers.noVehicle')} · {t('drivers.trips', { count: d.tripsDriven })}
                    </Text>
                  </Stack>
                  {d.onActiveTrip ? <Badge color="blue">{t('drivers.onTrip')}</Badge> : null}
                </Group>
                <Group mt="xs" gap="xs">
                  <Button mih={44} size="sm" variant="light" onClick={() => setEditing(d)}>
                    {t('drivers.edit')}
                  </Button>
                  <Button
                    mih={44}
                    size="sm"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(d)}
                    disabled={d.onActiveTrip}
                    aria-label={t('drivers.removeNamed', { name: d.name })}
                  >
                    {t('drivers.remove')}
                  </Button>
                </Group>
              </Card>
            ))
          }
        </QueryState>
      </Stack>
      {editing ? <DriverModal driver={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <Modal opened onClose={() => setRemoving(null)} title={t('drivers.removeTitle')}>
          <Stack>
            <Text>{t('drivers.removeConfirm', { name: removing.name, phone: removing.phone })}</Text>
            <Button
              mih={44}
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(removing.driverId, {
                  onSuccess: () => setRemoving(null),
                  onError: (e) => snackbar(e.message, 'error'),
                })
              }
            >
              {t('drivers.remove')}
            </Button>
          </Stack>
        </Modal>
      ) : null}
    </Container>
  );
}
