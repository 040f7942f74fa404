import { BODY_TYPES, type LookupKind, normaliseVehicleNumber } from '@bhada/contracts/fleet/fleet';
import { Alert, Button, Modal, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar } from '../../../../lib/notify.ts';
import { useAddVehicle, useLookup } from '../api/vehicles.ts';

function LookupSelect({
  kind,
  value,
  onChange,
  required,
}: {
  kind: LookupKind;
  value: string | null;
  onChange: (v: string | null) => void;
  required?: boolean;
}) {
  const { t, i18n } = useTranslation('fleet');
  const lookup = useLookup(kind);
  return (
    <Select
      label={t(`vehicle.${kind}`)}
      data={(lookup.data?.list ?? []).map((l) => ({ value: String(l.value), label: i18n.language === 'hi' ? l.labelHi : l.label }))}
      value={value}
      onChange={onChange}
      required={required}
      disabled={lookup.isPending}
      error={lookup.isError ? t('vehicle.lookupFailed') : undefined}
    />
  );
}

/** Adds a vehicle: the number is checked as typed (the server checks again), choices come from the lookups. */
export function AddVehicleModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('fleet');
  const add = useAddVehicle();
  const [number, setNumber] = useState('');
  const [bodyType, setBodyType] = useState<string | null>('CONTAINER');
  const [tyre, setTyre] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  const [tonnage, setTonnage] = useState<string | null>(null);
  const [height, setHeight] = useState<string | null>(null);
  const [ownership, setOwnership] = useState('SELF');
  const [touched, setTouched] = useState(false);
  const normalised = normaliseVehicleNumber(number);
  const numberError = touched && !normalised ? t('vehicle.numberInvalid') : undefined;
  const serverError = isApiError(add.error) ? add.error.message : null;
  const complete = normalised && bodyType && tyre && size && tonnage;

  function submit() {
    setTouched(true);
    if (!complete) return;
    add.mutate(
      {
        number,
        bodyType: bodyType as (typeof BODY_TYPES)[number],
        tyreCount: Number(tyre),
        sizeInFeet: Number(size),
        tonnage: Number(tonnage),
        height: height ? Number(height) : null,
        ownership: ownership as 'SELF' | 'ATTACHED',
      },
      {
        onSuccess: () => {
          snackbar(t('vehicle.added'), 'success');
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened onClose={onClose} title={t('vehicle.addTitle')}>
      <Stack>
        <TextInput
          label={t('vehicle.number')}
          placeholder="RJ 14 GA 1234"
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value.toUpperCase())}
          onBlur={() => setTouched(true)}
          error={numberError}
          required
          maxLength={20}
        />
        <Select
          label={t('vehicle.bodyType')}
          data={BODY_TYPES.map((b) => ({ value: b, label: t(`body.${b}`) }))}
          value={bodyType}
          onChange={setBodyType}
          allowDeselect={false}
          required
        />
        <SimpleGrid cols={2}>
          <LookupSelect kind="tyre" value={tyre} onChange={setTyre} required />
          <LookupSelect kind="size" value={size} onChange={setSize} required />
          <LookupSelect kind="tonnage" value={tonnage} onChange={setTonnage} required />
          <LookupSelect kind="height" value={height} onChange={setHeight} />
        </SimpleGrid>
        <SegmentedControl
          value={ownership}
          onChange={setOwnership}
          data={[
            { value: 'SELF', label: t('vehicle.self') },
            { value: 'ATTACHED', label: t('vehicle.attached') },
          ]}
        />
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Button mih={44} onClick={submit} loading={add.isPending} disabled={touched && !complete}>
          {t('vehicle.add')}
        </Button>
      </Stack>
    </Modal>
  );
}
