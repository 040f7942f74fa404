import type { Place } from '@bhada/contracts/places';
import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePlaceSearch } from '../api/search-places.ts';

/** Place search (cities, industrial areas, warehouses …) that hands back the chosen place. */
export function PlacePicker({
  label,
  error,
  onPick,
  cityOnly,
}: {
  label: string;
  error?: string;
  onPick: (place: Place | undefined) => void;
  cityOnly?: boolean;
}) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const places = usePlaceSearch(debounced);
  const options = (places.data ?? []).filter((p) => !cityOnly || p.addressType === 'CITY');
  return (
    <Autocomplete
      label={label}
      value={text}
      error={error}
      onChange={(value) => {
        setText(value);
        onPick(options.find((p) => p.name === value));
      }}
      onOptionSubmit={(value) => onPick(options.find((p) => p.placeId === value || p.name === value))}
      data={options.map((p) => ({ value: p.name, label: `${p.name} — ${p.city}` }))}
      limit={12}
      withAsterisk
    />
  );
}
