import { Alert, Button, Container, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useTrip } from '../api/get-trip.ts';
import { useReplaceVehicle } from '../api/replace-vehicle.ts';

/** spec §2: /app/caraxes/marketplace/driver-details-update?origin&destination&vehicleNum&tripId — change the trip's driver. */
export default function DriverDetailsUpdatePage() {
  const { t } = useTranslation('trips');
  usePageTitle(t('driver.title'));
  const [params] = useSearchParams();
  const tripId = params.get('tripId') ?? '';
  const query = useTrip(tripId);
  const replace = useReplaceVehicle();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const error = replace.error ? (isApiError(replace.error) ? replace.error.message : t('somethingWentWrong')) : null;
  if (!tripId) {
    return (
      <Container size="xs" py="md">
        <Alert color="orange">{t('driver.missingTrip')}</Alert>
      </Container>
    );
  }
  return (
    <Container size="xs" px="xs" py="sm">
      <BackHeader title={t('driver.title')} />
      <Text size="sm" c="dimmed" mb="sm">
        {[params.get('origin'), params.get('destination')].filter(Boolean).join(' → ')}{' '}
        {params.get('vehicleNum') ? `· ${params.get('vehicleNum')}` : ''}
      </Text>
      <QueryState query={query}>
        {({ trip, actions }) =>
          actions.canReplaceVehicle ? (
            <Stack gap="sm">
              <Text size="sm">{t('driver.current', { name: trip.driverName, phone: trip.driverNumber })}</Text>
              <TextInput label={t('replace.driverName')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <TextInput
                label={t('replace.driverNumber')}
                inputMode="numeric"
                maxLength={10}
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value.replace(/\D/g, ''))}
              />
              {error ? <Alert color="red">{error}</Alert> : null}
              <Button
                disabled={name.trim().length < 2 || phone.length !== 10}
                loading={replace.isPending}
                onClick={() =>
                  replace.mutate(
                    { tripId, vehicleId: trip.vehicleId, driverName: name.trim(), driverNumber: phone, reasonCode: 'DRIVER_UNAVAILABLE' },
                    {
                      onSuccess: () => {
                        toast({ msg: t('driver.updated') });
                        void navigate(pathWith(paths.tripDetailsV2, { tripId }), { replace: true });
                      },
                    },
                  )
                }
              >
                {t('driver.save')}
              </Button>
            </Stack>
          ) : (
            <Alert color="orange">{t('driver.tooLate')}</Alert>
          )
        }
      </QueryState>
    </Container>
  );
}
