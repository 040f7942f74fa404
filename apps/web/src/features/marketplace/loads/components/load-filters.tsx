import { NEAR_PLACE_KM } from '@bhada/contracts/marketplace/loads';
import { Button, Group, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredSelect } from '../../../../components/deferred-select.tsx';
import { type LoadFilters as Filters, LOAD_FILTER_KEYS } from '../api/get-loads.ts';
import { type SearchOptionAction, useSearchOptions } from '../api/get-search-options.ts';

/** Each select sets a city (or vehicle type) field, and origin and destination also a saved-place field. */
const FIELDS: Array<{ action: SearchOptionAction; key: 'origin' | 'destination' | 'vehicleType'; placeKey?: keyof Filters }> = [
  { action: 'ORIGIN', key: 'origin', placeKey: 'originPlace' },
  { action: 'DESTINATION', key: 'destination', placeKey: 'destinationPlace' },
  { action: 'VEHICLE_TYPE', key: 'vehicleType' },
];

/** a saved place's choice, told apart from a city's value */
const PLACE = 'place:';

/** Origin, destination and vehicle type filters of the load board, each from `search-option`. */
export function LoadFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('loads');
  const active = LOAD_FILTER_KEYS.some((k) => value[k]);
  // once one select is opened its chunk is in: the three become real selects together
  const [opened, setOpened] = useState(false);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" style={{ flex: 1 }}>
        {FIELDS.map((f) => {
          const place = f.placeKey ? value[f.placeKey] : undefined;
          return (
            <FilterSelect
              key={f.key}
              action={f.action}
              label={t(`filters.${f.key}`)}
              open={opened}
              onOpen={() => setOpened(true)}
              value={place ? `${PLACE}${place}` : (value[f.key] ?? null)}
              onChange={(v) => {
                const next: Filters = { ...value, [f.key]: undefined };
                if (f.placeKey) next[f.placeKey] = undefined;
                if (v?.startsWith(PLACE) && f.placeKey) next[f.placeKey] = v.slice(PLACE.length);
                else next[f.key] = v ?? undefined;
                onChange(next);
              }}
            />
          );
        })}
      </SimpleGrid>
      {active ? (
        <Button variant="subtle" mih={44} onClick={() => onChange({})}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}

function FilterSelect({
  action,
  label,
  value,
  onChange,
  open,
  onOpen,
}: {
  action: SearchOptionAction;
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  open: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('loads');
  const options = useSearchOptions(action);
  const values = (options.data?.options ?? []).map((o) => ({ value: o.value, label: `${o.value} (${o.count})` }));
  // my saved places first: choosing one shows the loads within NEAR_PLACE_KM of it (the server decides)
  const mine = (options.data?.savedPlaces ?? []).map((p) => ({ value: `${PLACE}${p.id}`, label: `${p.placeName} (${p.count})` }));
  return (
    <DeferredSelect
      open={open}
      onOpen={onOpen}
      label={label}
      placeholder={t('filters.any')}
      searchable
      clearable
      size="md"
      nothingFoundMessage={t('filters.none')}
      data={
        mine.length
          ? [
              { group: t('filters.myPlaces', { km: NEAR_PLACE_KM }), items: mine },
              ...(values.length ? [{ group: t('filters.cities'), items: values }] : []),
            ]
          : values
      }
      value={value}
      onChange={onChange}
      error={options.isError ? t('filters.error') : undefined}
    />
  );
}
