import type { Place } from '@bhada/contracts/account/places';
import { Autocomplete, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBookmark } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { useSavePlace } from '../../../../lib/saved-places.ts';
import { loadsKeys } from '../api/loads-keys.ts';
import { usePlaceSearch } from '../api/search-places.ts';

/**
 * Place search (cities, industrial areas, warehouses …) that hands back the chosen place. The poster's saved
 * places come first in their own group (the server lists them first, ADR 115), and a place picked here can
 * be saved under a name for next time.
 */
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
  const { t } = useTranslation('loads');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const places = usePlaceSearch(debounced);
  const [picked, setPicked] = useState<Place>();
  // a saved place stands for its city in a city-only field: it carries the city it was picked from
  const options = (places.data ?? []).filter((p) => p.saved || !cityOnly || p.addressType === 'CITY');
  const labelOf = (p: Place) => `${p.name} — ${p.city}`;
  // the input may hold the option's value or its label (Mantine puts the label in the box on pick)
  const match = (text: string) => options.find((p) => p.placeId === text || p.name === text || labelOf(p) === text);
  const pick = (place: Place | undefined) => {
    setPicked(place);
    onPick(place);
  };
  const item = (p: Place) => ({ value: p.placeId, label: labelOf(p) });
  const mine = options.filter((p) => p.saved).map(item);
  const others = options.filter((p) => !p.saved).map(item);
  return (
    <Stack gap={4}>
      <Autocomplete
        label={label}
        value={text}
        error={error}
        onChange={(value) => {
          setText(value);
          pick(match(value));
        }}
        onOptionSubmit={(value) => pick(match(value))}
        data={[
          ...(mine.length ? [{ group: t('places.mine'), items: mine }] : []),
          ...(others.length ? [{ group: t('places.all'), items: others }] : []),
        ]}
        limit={12}
        withAsterisk
      />
      {picked && !picked.saved ? <SavePlace key={picked.placeId} place={picked} searchText={debounced} /> : null}
    </Stack>
  );
}

/** "Save this place": keeps the picked place under a name, offered first in every later search. */
function SavePlace({ place, searchText }: { place: Place; searchText: string }) {
  const { t } = useTranslation('loads');
  const save = useSavePlace();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(place.name);
  const [savedAs, setSavedAs] = useState<string>();
  const [nameError, setNameError] = useState<string>();

  if (savedAs) {
    return (
      <Text size="sm" c="teal">
        {t('places.savedAs', { name: savedAs })}
      </Text>
    );
  }
  if (!open) {
    return (
      <Group>
        <Button variant="subtle" size="compact-sm" mih={44} leftSection={<IconBookmark size={16} />} onClick={() => setOpen(true)}>
          {t('places.save')}
        </Button>
      </Group>
    );
  }
  const submit = async () => {
    setNameError(undefined);
    try {
      const saved = await save.mutateAsync({
        placeName: name.trim() || place.name,
        placeLat: place.location.lat,
        placeLng: place.location.lng,
        placeId: place.placeId,
        searchText,
      });
      await queryClient.invalidateQueries({ queryKey: [...loadsKeys.all, 'places'] });
      setSavedAs(saved.placeName);
      toast({ msg: t('places.saved') });
    } catch (e) {
      setNameError(isApiError(e) && e.status === 409 ? t('places.nameTaken') : t('places.saveFailed'));
    }
  };
  return (
    <Group align="flex-end" wrap="wrap" gap="xs">
      <TextInput
        style={{ flex: 1, minWidth: 180 }}
        label={t('places.name')}
        value={name}
        error={nameError}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Button mih={44} onClick={() => void submit()} loading={save.isPending}>
        {t('places.confirm')}
      </Button>
      <Button mih={44} variant="default" onClick={() => setOpen(false)}>
        {t('places.cancel')}
      </Button>
    </Group>
  );
}
