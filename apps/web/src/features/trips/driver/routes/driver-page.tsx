import { Alert, Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { driverKeys, sendItem, useDriverTrip } from '../api/driver-api.ts';
import { BIG, DelayCard, LocationCard, NextStage, PodCard, Points } from '../components/driver-cards.tsx';
import { flush, newActionId, type OutboxKind, outbox } from '../lib/outbox.ts';

const now = () => new Date().toISOString();

const useOnline = () => {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
};

/**
 * The trip in the driver's hand (issue 49): opened from the driver's link with no login, phone first.
 * Every action goes through the outbox first and is sent in order when there is signal (ADR 260).
 */
export function DriverPage() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation('driver');
  usePageTitle(t('title'));
  const query = useDriverTrip(token);
  const queryClient = useQueryClient();
  const online = useOnline();
  const [queued, setQueued] = useState(() => outbox.list(token).length);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const flushing = useRef(false);

  const send = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      let moved = false;
      await flush(
        token,
        async (item) => {
          const outcome = await sendItem(token, item);
          if (outcome.kind === 'sent') {
            moved = true;
            if (outcome.result?.outcome === 'ALREADY_DONE') setNotice({ color: 'blue', text: t('alreadyDone') });
            if (outcome.result?.sentTo) setNotice({ color: 'teal', text: t('codeSent', { to: outcome.result.sentTo }) });
          }
          return outcome;
        },
        (_item, code) => {
          moved = true;
          const known = ['TRIP_STAGE_MISMATCH', 'TRIP_OTP_INVALID', 'TRIP_OTP_LIMIT', 'POSITION_OUTSIDE_TRIP'];
          setNotice({ color: 'red', text: t(`refused.${known.includes(code) ? code : 'other'}`) });
        },
      );
      if (moved) await queryClient.invalidateQueries({ queryKey: driverKeys.trip(token) });
    } finally {
      flushing.current = false;
      setQueued(outbox.list(token).length);
    }
  }, [token, t, queryClient]);

  const enqueue = useCallback(
    (kind: OutboxKind, body: Record<string, unknown>) => {
      outbox.add(token, kind, { actionId: newActionId(), happenedAt: now(), ...body });
      setQueued(outbox.list(token).length);
      if (navigator.onLine) void send();
    },
    [token, send],
  );

  // the signal came back: the queue goes out in order
  useEffect(() => {
    const on = () => void send();
    window.addEventListener('online', on);
    void send();
    return () => window.removeEventListener('online', on);
  }, [send]);
  // a queue left by an earlier visit or a failed send is tried again every half minute
  useEffect(() => {
    const timer = setInterval(() => void send(), 30_000);
    return () => clearInterval(timer);
  }, [send]);

  const switchLanguage = () => void setLanguage(i18n.language === 'hi' ? 'en' : 'hi');

  if (query.isPending) {
    return (
      <Container size="xs" px="sm" py="md" component="main">
        <Text role="status">{t('opening')}</Text>
      </Container>
    );
  }
  const dead = isApiError(query.error) && [404, 410].includes(query.error.status);
  if (!query.data || dead) {
    const code = isApiError(query.error) ? query.error.errorCode : '';
    const text =
      code === 'DRIVER_LINK_REVOKED' ? t('revoked') : code === 'DRIVER_LINK_EXPIRED' ? t('expired') : dead ? t('invalid') : t('loadError');
    return (
      <Container size="xs" px="sm" py="md" component="main">
        <Title order={1} size="h3" mb="sm">
          {t('title')}
        </Title>
        <Alert color="red" role="alert">
          {text}
        </Alert>
        {dead ? null : (
          <Button {...BIG} mt="md" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        )}
      </Container>
    );
  }
  const trip = query.data;
  return (
    <Container size="xs" px="sm" py="sm" component="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h3">
            {t('lane', { from: trip.originCity, to: trip.destinationCity })}
          </Title>
          <Button variant="subtle" h={48} onClick={switchLanguage}>
            {t('language')}
          </Button>
        </Group>
        <Group gap="xs">
          {trip.vehicleNumber ? <Badge size="lg">{trip.vehicleNumber}</Badge> : null}
          <Badge size="lg" color="gray">
            {t(`state.${trip.state}`, { defaultValue: trip.state })}
          </Badge>
        </Group>
        <Alert color={online ? 'teal' : 'yellow'} role="status" py="xs">
          {online ? t('online') : t('offline')}
          {queued ? ` · ${t('queued', { count: queued })}` : ''}
        </Alert>
        {notice ? (
          <Alert color={notice.color} role="alert" withCloseButton onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : null}
        <NextStage trip={trip} enqueue={enqueue} />
        <LocationCard token={token} enqueue={enqueue} />
        <Points trip={trip} />
        {trip.podOpen ? <PodCard enqueue={enqueue} onQueued={() => setQueued(outbox.list(token).length)} /> : null}
        {['ASSIGNED', 'REACHED_LOADING', 'LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING'].includes(trip.state) ? (
          <DelayCard trip={trip} enqueue={enqueue} />
        ) : null}
      </Stack>
    </Container>
  );
}

export default DriverPage;
