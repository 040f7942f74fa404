import { FLEET_OFFLINE_MINUTES } from '@bhada/contracts/fleet/fleet';
import { Alert, Badge, Button, Card, Code, Container, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar } from '../../../../lib/notify.ts';
import { useDevices, useRegisterDevice, useRevokeDevice } from '../api/gps.ts';
import { useCompactVehicles } from '../api/vehicles.ts';

const online = (lastSeenAt: string | null) =>
  Boolean(lastSeenAt) && Date.now() - new Date(lastSeenAt ?? 0).getTime() < FLEET_OFFLINE_MINUTES * 60_000;

function AddDeviceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const vehicles = useCompactVehicles();
  const register = useRegisterDevice();
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const done = register.data;
  return (
    <Modal opened onClose={onClose} title={t('devices.addTitle')}>
      {done ? (
        <Stack>
          <Alert color="green">{t('devices.registered')}</Alert>
          <Text size="sm">{t('devices.identifier')}</Text>
          <Code block>{done.identifier}</Code>
          <Text size="sm">{t('devices.serverUrl')}</Text>
          <Code block>{done.serverUrl}</Code>
          <Text size="xs" c="dimmed">
            {t('devices.shownOnce')}
          </Text>
          <Button mih={44} onClick={onClose}>
            {t('devices.done')}
          </Button>
        </Stack>
      ) : (
        <Stack>
          <Select
            label={t('devices.vehicle')}
            data={(vehicles.data ?? []).map((v) => ({ value: v.vehicleId, label: v.number }))}
            value={vehicleId}
            onChange={setVehicleId}
            searchable
            required
          />
          <TextInput
            label={t('devices.label')}
            placeholder={t('devices.labelHint')}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={60}
          />
          {isApiError(register.error) ? <Alert color="red">{register.error.message}</Alert> : null}
          <Button
            mih={44}
            disabled={!vehicleId}
            loading={register.isPending}
            onClick={() => vehicleId && register.mutate({ vehicleId, label: label.trim() || 'GPS' })}
          >
            {t('devices.add')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

/** Devices (menu Devices): GPS trackers and phones registered for tracking, online when heard in the last 30 minutes. */
export default function DevicesPage() {
  const { t } = useTranslation('fleet');
  usePageTitle(t('devices.title'));
  const devices = useDevices();
  const vehicles = useCompactVehicles();
  const revoke = useRevokeDevice();
  const [adding, setAdding] = useState(false);
  const numberOf = (id: string) => vehicles.data?.find((v) => v.vehicleId === id)?.number ?? id;

  return (
    <Container size="md" px="sm" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('devices.title')}</Title>
          <Button mih={44} leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('devices.add')}
          </Button>
        </Group>
        <QueryState query={devices} isEmpty={(d) => d.length === 0}>
          {(list) =>
            list.map((d) => (
              <Card key={d.deviceId} withBorder padding="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={700}>{numberOf(d.vehicleId)}</Text>
                    <Text size="sm">{d.label}</Text>
                    <Text size="sm" c="dimmed">
                      {d.lastSeenAt ? t('devices.lastSeen', { time: formatDateTime(d.lastSeenAt) }) : t('devices.neverSeen')}
                    </Text>
                  </Stack>
                  <Badge color={online(d.lastSeenAt) ? 'green' : 'gray'}>
                    {t(online(d.lastSeenAt) ? 'devices.online' : 'devices.offline')}
                  </Badge>
                </Group>
                <Button
                  mt="xs"
                  mih={44}
                  size="sm"
                  variant="subtle"
                  color="red"
                  loading={revoke.isPending && revoke.variables === d.deviceId}
                  onClick={() => revoke.mutate(d.deviceId, { onSuccess: () => snackbar(t('devices.revoked'), 'success') })}
                >
                  {t('devices.revoke')}
                </Button>
              </Card>
            ))
          }
        </QueryState>
      </Stack>
      {adding ? <AddDeviceModal onClose={() => setAdding(false)} /> : null}
    </Container>
  );
}
