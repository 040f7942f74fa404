import type { Place } from '@bhada/contracts/account/places';
import { ActionIcon, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { useDeletePlace, useSavedPlaces, useSavePlace } from '../../../../lib/saved-places.ts';
import { usePlaceSearch } from '../api/account-api.ts';

/** spec fastag §2.10 menu Places: search places (name or PIN code) and keep the ones the fleet uses. */
export default function PlacesPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('places.title'));
  const [text, setText] = useState('');
  // spec fastag §9: search debounce 1000 ms
  const [debounced] = useDebouncedValue(text, 1000);
  const search = usePlaceSearch(debounced);
  const saved = useSavedPlaces();
  const save = useSavePlace();
  const remove = useDeletePlace();
  const [picked, setPicked] = useState<Place>();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();

  const savePicked = async () => {
    if (!picked) return;
    setNameError(undefined);
    try {
      await save.mutateAsync({
        placeName: name.trim() || picked.name,
        placeLat: picked.location.lat,
        placeLng: picked.location.lng,
        placeId: picked.placeId,
        searchText: debounced,
      });
      setPicked(undefined);
      setName('');
      toast({ msg: t('places.saved') });
    } catch (e) {
      setNameError(isApiError(e) && e.status === 409 ? t('places.nameTaken') : t('places.saveFailed'));
    }
  };

  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('places.title')} />
      <Stack gap="md">
        <Card withBorder radius="md">
          <Stack gap="xs">
            <TextInput
              leftSection={<IconSearch size={16} />}
              label={t('places.search')}
              placeholder={t('places.searchHint')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            {debounced.trim().length >= 2 ? (
              <QueryState query={search} isEmpty={(d) => d.length === 0}>
                {(places) => (
                  <Stack gap={4}>
                    {places.map((p) => (
                      <Button
                        key={p.placeId}
                        variant={picked?.placeId === p.placeId ? 'light' : 'subtle'}
                        justify="flex-start"
                        mih={44}
                        h="auto"
                        py={6}
                        leftSection={<IconMapPin size={16} />}
                        onClick={() => {
                          setPicked(p);
                          setName(p.name);
                        }}
                      >
                        <Stack gap={0} align="flex-start">
                          <Text size="sm" fw={600}>
                            {p.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {p.address}
                          </Text>
                        </Stack>
                      </Button>
                    ))}
                  </Stack>
                )}
              </QueryState>
            ) : null}
            {picked ? (
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  style={{ flex: 1, minWidth: 200 }}
                  label={t('places.name')}
                  value={name}
                  error={nameError}
                  onChange={(e) => setName(e.currentTarget.value)}
                />
                <Button onClick={() => void savePicked()} loading={save.isPending} mih={44}>
                  {t('places.save')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Card>
        <Title order={5}>{t('places.savedTitle')}</Title>
        <QueryState query={saved} isEmpty={(d) => d.length === 0} empty={<EmptyState text={t('places.none')} />}>
          {(list) => (
            <Stack gap="xs">
              {list.map((p) => (
                <Card key={p.id} withBorder radius="md" padding="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={600}>{p.placeName}</Text>
                      <Text size="xs" c="dimmed">
                        {p.placeLat.toFixed(4)}, {p.placeLng.toFixed(4)}
                      </Text>
                    </Stack>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={44}
                      aria-label={t('places.remove', { name: p.placeName })}
                      onClick={() => remove.mutate(p.id)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
