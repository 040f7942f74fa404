import { ACTIVE_TRIP_STATES, PRE_LOADING_STATES, type TripState } from '@bhada/contracts/trips/trips';
import { Alert, Button, Card, Group, Modal, Radio, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toIst } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { type SlotLocation, useBookSlot, useSlots } from '../api/slots.ts';

const windowLabel = (start: string, end: string) => `${toIst(start).format('hh:mm A')} – ${toIst(end).format('hh:mm A')}`;

/** Loading slots can be booked until loading; unloading slots until the truck unloads (ADR 033). */
export function slotLocationsFor(state: TripState): SlotLocation[] {
  const out: SlotLocation[] = [];
  if (PRE_LOADING_STATES.includes(state)) out.push('LOADING');
  if (ACTIVE_TRIP_STATES.includes(state)) out.push('UNLOADING');
  return out;
}

/** spec §7 `v2/trip/{id}/slot` and `loading-slot`: book and rebook a dock window at each end. */
export function SlotCard({ tripId, state }: { tripId: string; state: TripState }) {
  const { t } = useTranslation('trips');
  const locations = slotLocationsFor(state);
  if (!locations.length) return null;
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={2} size="h5" mb="xs">
        {t('tripActions.slots.title')}
      </Title>
      <Stack gap="xs">
        {locations.map((location) => (
          <SlotRow key={location} tripId={tripId} location={location} />
        ))}
      </Stack>
    </Card>
  );
}

function SlotRow({ tripId, location }: { tripId: string; location: SlotLocation }) {
  const { t } = useTranslation('trips');
  const slots = useSlots(tripId, location, true);
  const [open, setOpen] = useState(false);
  const selected = slots.data?.selected;
  const kind = location === 'LOADING' ? 'loading' : 'unloading';
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {t(`tripActions.slots.${kind}`)}
          {slots.data ? ` · ${slots.data.pointName}` : ''}
        </Text>
        <Text size="sm" data-testid={`slot-${kind}`}>
          {selected
            ? t('tripActions.slots.booked', {
                day: toIst(selected.start).format('DD MMM'),
                time: windowLabel(selected.start, selected.end),
              })
            : t('tripActions.slots.none')}
        </Text>
      </Stack>
      <Button variant="light" leftSection={<IconCalendarTime size={18} />} disabled={!slots.data} onClick={() => setOpen(true)} mih={44}>
        {selected ? t(`tripActions.slots.change.${kind}`) : t(`tripActions.slots.book.${kind}`)}
      </Button>
      {open && slots.data ? <SlotModal tripId={tripId} location={location} onClose={() => setOpen(false)} /> : null}
    </Group>
  );
}

function SlotModal({ tripId, location, onClose }: { tripId: string; location: SlotLocation; onClose: () => void }) {
  const { t } = useTranslation('trips');
  const slots = useSlots(tripId, location, true);
  const book = useBookSlot();
  const [start, setStart] = useState(slots.data?.selected?.start ?? '');
  const windows = slots.data?.windows ?? [];
  const days = [...new Set(windows.map((w) => toIst(w.start).format('YYYY-MM-DD')))];
  const error = book.error ? (isApiError(book.error) && book.error.status === 400 ? book.error.message : t('somethingWentWrong')) : null;
  const kind = location === 'LOADING' ? 'loading' : 'unloading';
  return (
    <Modal opened onClose={onClose} title={t(`tripActions.slots.book.${kind}`)} centered>
      <Stack gap="sm">
        <Radio.Group value={start} onChange={setStart} label={t('tripActions.slots.choose')}>
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap="sm" mt="xs">
              {days.map((day) => (
                <Stack key={day} gap={6}>
                  <Text size="sm" fw={600}>
                    {toIst(`${day}T12:00:00+05:30`).format('ddd, DD MMM')}
                  </Text>
                  {windows
                    .filter((w) => toIst(w.start).format('YYYY-MM-DD') === day)
                    .map((w) => (
                      <Radio
                        key={w.start}
                        value={w.start}
                        disabled={!w.available}
                        label={`${toIst(w.start).format('DD MMM')}, ${windowLabel(w.start, w.end)}${w.available ? '' : ` (${t('tripActions.slots.taken')})`}`}
                      />
                    ))}
                </Stack>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button
          disabled={!start || start === slots.data?.selected?.start}
          loading={book.isPending}
          mih={44}
          onClick={() =>
            book.mutate(
              { tripId, location, start },
              {
                onSuccess: () => {
                  toast({ msg: t('tripActions.slots.done') });
                  onClose();
                },
              },
            )
          }
        >
          {t('tripActions.slots.confirm')}
        </Button>
      </Stack>
    </Modal>
  );
}
