import { vehicleDetailsRequestSchema } from '@bhada/contracts/marketplace/tokens';
import { formatRupees } from '@bhada/contracts/money/amounts';
import { Alert, Button, Card, Container, Group, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconWallet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useSessionAccess } from '../../../../lib/session.ts';
import { useEligibleVehicles } from '../api/get-eligible-vehicles.ts';
import { usePhonebook } from '../api/get-phonebook.ts';
import { useTokenDetails } from '../api/get-token-details.ts';
import { usePayToken } from '../api/pay-token.ts';
import { CancelToken } from '../components/cancel-token.tsx';

/** Token payment: pick a vehicle and a driver, pay the token from the wallet. */
export function TokenPaymentPage() {
  const { t } = useTranslation('tokens');
  usePageTitle(t('title'));
  const { demandId = '' } = useParams();
  const navigate = useNavigate();
  const details = useTokenDetails(demandId);
  const vehicles = useEligibleVehicles(demandId);
  const phonebook = usePhonebook(demandId);
  const pay = usePayToken(demandId);
  const [vehicleId, setVehicleId] = useState<string>();
  const [mode, setDriverMode] = useState<'book' | 'new'>();
  // with nobody in the phonebook yet, the only way is a new driver
  const driverMode = mode ?? (phonebook.data && phonebook.data.length === 0 ? 'new' : 'book');
  const [driverId, setDriverId] = useState<string | null>(null);
  const [driverName, setDriverName] = useState('');
  const [driverNumber, setDriverNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // a role without Add Money is not offered it (the server would refuse it)
  const access = useSessionAccess();
  const [failure, setFailure] = useState<{ message: string; addMoney: boolean }>();

  const chosen = vehicles.data?.find((v) => v.vehicleId === vehicleId);

  const submit = async () => {
    const driver = driverMode === 'book' ? phonebook.data?.find((d) => d.driverId === driverId) : undefined;
    const body = {
      vehicleId: vehicleId ?? '',
      driverName: driver?.driverName ?? driverName,
      driverNumber: driver?.driverNumber ?? driverNumber,
    };
    const parsed = vehicleDetailsRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      // the contract's English texts become this screen's own words, in the reader's language
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= t(`errors.${String(issue.path[0])}`);
      if (driverMode === 'book' && !driver) next.driver = t('chooseDriver');
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(undefined);
    try {
      await pay.mutateAsync(parsed.data);
      void navigate(`${paths.fleetLoadConfirmation}?demandId=${encodeURIComponent(demandId)}`);
    } catch (e) {
      if (isApiError(e) && e.field) setErrors({ [e.field]: e.message });
      else {
        const short = isApiError(e) && e.errorCode === 'INSUFFICIENT_BALANCE';
        setFailure({ message: short ? t('insufficient') : isApiError(e) ? e.message : t('payFailed'), addMoney: short });
      }
    }
  };

  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('title')} to={pathWith(paths.activeLoadDetails, { demandId })} />
      <QueryState query={details}>
        {(d) => (
          <Stack gap="sm">
            <Card withBorder radius="md" padding="sm">
              <Stack gap={4}>
                <Text fw={700}>{d.laneName}</Text>
                <Group justify="space-between">
                  <Text size="sm">{t('yourPrice')}</Text>
                  <Text size="sm" fw={600}>
                    {formatRupees(d.opQuote)}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="sm">{t('tokenAmount')}</Text>
                  <Text size="sm" fw={700}>
                    {formatRupees(d.tokenAmount)}
                  </Text>
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    <IconWallet size={14} /> {t('walletBalance')}
                  </Text>
                  <Text size="sm" c={d.walletBalance < d.tokenAmount ? 'red' : undefined}>
                    {formatRupees(d.walletBalance)}
                  </Text>
                </Group>
              </Stack>
            </Card>

            <Text fw={600}>{t('pickVehicle')}</Text>
            <QueryState query={vehicles} isEmpty={(v) => v.length === 0} empty={<EmptyState text={t('noVehicles')} />}>
              {(list) => (
                <Radio.Group value={vehicleId ?? null} onChange={setVehicleId} error={errors.vehicleId}>
                  <Stack gap="xs">
                    {list.map((v) => (
                      <Card key={v.vehicleId} withBorder padding="xs" radius="md">
                        <Radio
                          value={v.vehicleId}
                          disabled={!v.available}
                          label={`${v.vehicleNumber} · ${v.vehicleType}`}
                          description={
                            !v.available
                              ? v.busyTripId
                                ? t('busyOnTrip', { tripId: v.busyTripId })
                                : t('onTrip')
                              : v.distanceKm !== null
                                ? t('distanceFrom', { km: v.distanceKm, city: v.currentCity ?? '' })
                                : t('locationUnknown')
                          }
                        />
                      </Card>
                    ))}
                  </Stack>
                </Radio.Group>
              )}
            </QueryState>
            {chosen?.vehicleProximityWarning ? (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
                {t('proximityWarning')}
              </Alert>
            ) : null}

            <Text fw={600}>{t('driver')}</Text>
            <SegmentedControl
              value={driverMode}
              onChange={(v) => setDriverMode(v as 'book' | 'new')}
              data={[
                { value: 'book', label: t('fromPhonebook') },
                { value: 'new', label: t('newDriver') },
              ]}
            />
            {driverMode === 'book' ? (
              <Select
                label={t('chooseDriver')}
                data={(phonebook.data ?? []).map((d) => ({
                  value: d.driverId,
                  // issue 48: a driver on an unfinished trip is shown busy with it and cannot be chosen
                  label: d.busyTripId
                    ? `${d.driverName} · ${d.driverNumber} · ${t('busyOnTrip', { tripId: d.busyTripId })}`
                    : `${d.driverName} · ${d.driverNumber}`,
                  disabled: Boolean(d.busyTripId),
                }))}
                value={driverId}
                onChange={setDriverId}
                error={errors.driver ?? errors.driverNumber}
                searchable
                nothingFoundMessage={t('noDrivers')}
              />
            ) : (
              <Stack gap="xs">
                <TextInput
                  label={t('driverName')}
                  value={driverName}
                  onChange={(e) => setDriverName(e.currentTarget.value)}
                  error={errors.driverName}
                />
                <TextInput
                  label={t('driverNumber')}
                  value={driverNumber}
                  onChange={(e) => setDriverNumber(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
                  error={errors.driverNumber}
                  inputMode="numeric"
                  maxLength={10}
                />
              </Stack>
            )}

            {failure ? (
              <Alert color="red" role="alert">
                <Stack gap="xs">
                  <Text size="sm">{failure.message}</Text>
                  {failure.addMoney && access.can('WALLET_ADD_MONEY') ? (
                    <Button component={Link} to={paths.addMoney} leftSection={<IconWallet size={16} />} color="orange">
                      {t('addMoney')}
                    </Button>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <Button size="md" onClick={() => void submit()} loading={pay.isPending} disabled={d.token?.status === 'PAID'}>
              {t('pay', { amount: formatRupees(d.tokenAmount) })}
            </Button>
            {d.token ? <CancelToken demandId={demandId} status={d.token.status} /> : null}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}

export default TokenPaymentPage;
