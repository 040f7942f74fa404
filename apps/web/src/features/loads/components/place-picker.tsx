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
  const labelOf = (p: Place) => `${p.name} — ${p.city}`;
  // the input may hold the option's value or its label (Mantine puts the label in the box on pick)
  const match = (text: string) => options.find((p) => p.placeId === text || p.name === text || labelOf(p) === text);
  return (
    <Autocomplete
      label={label}
      value={text}
      error={error}
      onChange={(value) => {
        setText(value);
        onPick(match(value));
      }}
      onOptionSubmit={(value) => onPick(match(value))}
      data={options.map((p) => ({ value: p.placeId, label: labelOf(p) }))}
      limit={12}
      withAsterisk
    />
  );
}
