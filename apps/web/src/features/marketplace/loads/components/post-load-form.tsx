import type { Place } from '@bhada/contracts/account/places';
import { type PostLoadRequest, postLoadRequestSchema } from '@bhada/contracts/marketplace/loads';
import { Alert, Button, Grid, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/date-field.tsx';
import { RupeeInput } from '../../../../components/rupee-input.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { usePostLoad } from '../api/post-load.ts';
import { PlacePicker } from './place-picker.tsx';

const VEHICLES = [
  { vehicleType: '32 FT MXL Container', bodyType: 'CONTAINER', tyreCount: 14, tonnage: 25, lengthFeet: 32 },
  { vehicleType: '32 FT SXL Container', bodyType: 'CONTAINER', tyreCount: 6, tonnage: 9, lengthFeet: 32 },
  { vehicleType: '20 FT Container', bodyType: 'CONTAINER', tyreCount: 6, tonnage: 7, lengthFeet: 20 },
  { vehicleType: 'Taurus 16 Tyre Open', bodyType: 'OPEN', tyreCount: 16, tonnage: 35, lengthFeet: 28 },
  { vehicleType: '12 Tyre Open', bodyType: 'OPEN', tyreCount: 12, tonnage: 25, lengthFeet: 24 },
  { vehicleType: '10 Tyre Open', bodyType: 'OPEN', tyreCount: 10, tonnage: 19, lengthFeet: 22 },
  { vehicleType: '40 FT Flatbed Trailer', bodyType: 'TRAILER', tyreCount: 22, tonnage: 40, lengthFeet: 40 },
] as const;

/** datetime-local input value in the device's clock (the consigner's screen shows India time). */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

// issue 48: the point's contact receives the stage codes, so the form asks for it with the point
const pointOf = (p: Place, contact: { name: string; phone: string }) => ({
  name: p.name,
  address: p.address,
  lat: p.location.lat,
  lng: p.location.lng,
  contactName: contact.name,
  contactPhone: contact.phone,
});

/** The error key of an issue: the point's contact fields have their own inputs. */
const errorKey = (path: readonly PropertyKey[]) =>
  (path[0] === 'loadingPoints' || path[0] === 'unloadingPoints') && (path[2] === 'contactName' || path[2] === 'contactPhone')
    ? `${String(path[0])}.${String(path[2])}`
    : String(path[0] ?? '');

/** A consigner's (or admin's) form to post a load. */
export function PostLoadForm({ onPosted }: { onPosted: (demandId: string) => void }) {
  const { t } = useTranslation('loads');
  const post = usePostLoad();
  const [origin, setOrigin] = useState<Place>();
  const [destination, setDestination] = useState<Place>();
  const [loadingPoint, setLoadingPoint] = useState<Place>();
  const [unloadingPoint, setUnloadingPoint] = useState<Place>();
  const [loadingContact, setLoadingContact] = useState({ name: '', phone: '' });
  const [unloadingContact, setUnloadingContact] = useState({ name: '', phone: '' });
  const [vehicleType, setVehicleType] = useState<string>(VEHICLES[0].vehicleType);
  const [material, setMaterial] = useState('');
  const [loadingAt, setLoadingAt] = useState(localInput(new Date(Date.now() + 2 * 86_400_000)));
  const [biddingEndsAt, setBiddingEndsAt] = useState(localInput(new Date(Date.now() + 2 * 3_600_000)));
  const [tokenAmount, setTokenAmount] = useState<number | string>(5000);
  const [targetPrice, setTargetPrice] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const vehicle = VEHICLES.find((v) => v.vehicleType === vehicleType) ?? VEHICLES[0];
    const toPlace = (p?: Place) => (p ? { city: p.city, lat: p.location.lat, lng: p.location.lng } : undefined);
    const body = {
      origin: toPlace(origin),
      destination: toPlace(destination),
      loadingPoints: loadingPoint ? [pointOf(loadingPoint, loadingContact)] : [],
      unloadingPoints: unloadingPoint ? [pointOf(unloadingPoint, unloadingContact)] : [],
      vehicleType: vehicle.vehicleType,
      bodyType: vehicle.bodyType,
      tyreCount: vehicle.tyreCount,
      tonnage: vehicle.tonnage,
      lengthFeet: vehicle.lengthFeet,
      material,
      loadingAt: loadingAt ? new Date(loadingAt).toISOString() : '',
      biddingEndsAt: biddingEndsAt ? new Date(biddingEndsAt).toISOString() : '',
      tokenAmount,
      targetPrice: targetPrice === '' ? undefined : targetPrice,
    };
    const parsed = postLoadRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = errorKey(issue.path);
        next[key] ??=
          issue.path[0] === 'origin' || issue.path[0] === 'destination'
            ? t('choosePlace')
            : key.endsWith('.contactName')
              ? t('form.contactNameError')
              : key.endsWith('.contactPhone')
                ? t('form.contactPhoneError')
                : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const { demandId } = await post.mutateAsync(body as PostLoadRequest);
      toast({ msg: t('posted') });
      onPosted(demandId);
    } catch (error) {
      // the server names a point's contact as `loadingPoints.0.contactName`: shown under that input
      if (isApiError(error) && error.field) setErrors({ [errorKey(error.field.split('.'))]: error.message });
      else if (isApiError(error)) setErrors({ form: error.message });
    }
  };

  return (
    <Stack gap="sm">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PlacePicker label={t('form.origin')} cityOnly onPick={setOrigin} error={errors.origin} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PlacePicker label={t('form.destination')} cityOnly onPick={setDestination} error={errors.destination} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PlacePicker label={t('form.loadingPoint')} onPick={setLoadingPoint} error={errors.loadingPoints} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PlacePicker label={t('form.unloadingPoint')} onPick={setUnloadingPoint} error={errors.unloadingPoints} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label={t('form.loadingContactName')}
            value={loadingContact.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setLoadingContact((c) => ({ ...c, name }));
            }}
            error={errors['loadingPoints.contactName']}
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label={t('form.loadingContactPhone')}
            inputMode="numeric"
            maxLength={10}
            value={loadingContact.phone}
            onChange={(e) => {
              const phone = e.currentTarget.value.replace(/\D/g, '');
              setLoadingContact((c) => ({ ...c, phone }));
            }}
            error={errors['loadingPoints.contactPhone']}
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label={t('form.unloadingContactName')}
            value={unloadingContact.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setUnloadingContact((c) => ({ ...c, name }));
            }}
            error={errors['unloadingPoints.contactName']}
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label={t('form.unloadingContactPhone')}
            inputMode="numeric"
            maxLength={10}
            value={unloadingContact.phone}
            onChange={(e) => {
              const phone = e.currentTarget.value.replace(/\D/g, '');
              setUnloadingContact((c) => ({ ...c, phone }));
            }}
            error={errors['unloadingPoints.contactPhone']}
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select
            label={t('form.vehicle')}
            data={VEHICLES.map((v) => ({
              value: v.vehicleType,
              label: `${v.vehicleType} (${t(`body.${v.bodyType}`)}, ${v.tonnage} ${t('tonnes')})`,
            }))}
            value={vehicleType}
            onChange={(v) => v && setVehicleType(v)}
            allowDeselect={false}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('form.material')}
            value={material}
            onChange={(e) => setMaterial(e.currentTarget.value)}
            error={errors.material}
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {/* a load is posted for a coming loading time */}
          <DateField withTime allowFuture label={t('form.loadingAt')} value={loadingAt} onChange={setLoadingAt} error={errors.loadingAt} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <DateField
            withTime
            allowFuture
            label={t('form.biddingEndsAt')}
            value={biddingEndsAt}
            onChange={setBiddingEndsAt}
            error={errors.biddingEndsAt}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <RupeeInput label={t('form.tokenAmount')} value={tokenAmount} onChange={setTokenAmount} error={errors.tokenAmount} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <RupeeInput label={t('form.targetPrice')} value={targetPrice} onChange={setTargetPrice} error={errors.targetPrice} />
        </Grid.Col>
      </Grid>
      {errors.form ? (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      ) : null}
      <Button onClick={() => void submit()} loading={post.isPending}>
        {t('form.submit')}
      </Button>
    </Stack>
  );
}
