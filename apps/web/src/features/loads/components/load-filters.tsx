import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoadFilters as Filters } from '../api/get-loads.ts';
import { type SearchOptionAction, useSearchOptions } from '../api/get-search-options.ts';

const FIELDS: Array<{ action: SearchOptionAction; key: keyof Filters }> = [
  { action: 'ORIGIN', key: 'origin' },
  { action: 'DESTINATION', key: 'destination' },
  { action: 'VEHICLE_TYPE', key: 'vehicleType' },
];

/** Origin, destination and vehicle type filters of the load board, each from `search-option`. */
export function LoadFilters({ value, onChange }: { value: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('loads');
  const active = FIELDS.some((f) => value[f.key]);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" style={{ flex: 1 }}>
        {FIELDS.map((f) => (
          <FilterSelect
            key={f.key}
            action={f.action}
            label={t(`filters.${f.key}`)}
            value={value[f.key] ?? null}
            onChange={(v) => onChange({ ...value, [f.key]: v ?? undefined })}
          />
        ))}
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
}: {
  action: SearchOptionAction;
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const { t } = useTranslation('loads');
  const options = useSearchOptions(action);
  return (
    <Select
      label={label}
      placeholder={t('filters.any')}
      searchable
      clearable
      size="md"
      nothingFoundMessage={t('filters.none')}
      data={(options.data?.options ?? []).map((o) => ({ value: o.value, label: `${o.value} (${o.count})` }))}
      value={value}
      onChange={onChange}
      error={options.isError ? t('filters.error') : undefined}
    />
  );
}
