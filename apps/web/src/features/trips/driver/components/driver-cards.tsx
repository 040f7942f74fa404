import type { DriverTrip } from '@bhada/contracts/trips/driver';
import { Anchor, Badge, Button, Card, Group, NativeSelect, PinInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconMapPin, IconNavigation, IconPhone } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchLocation } from '../lib/location.ts';
import { newActionId, type OutboxKind } from '../lib/outbox.ts';
import { photoStore } from '../lib/photo-store.ts';

/** Big enough for a thumb on a cheap phone (ADR 260: at least 48 px). */
export const BIG = { size: 'lg', h: 56, fullWidth: true } as const;
const mapsUrl = (lat: number, lng: number) => `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
const sharingKey = (token: string) => `bhada-driver-sharing:${token.slice(0, 12)}`;

export type Enqueue = (kind: OutboxKind, body: Record<string, unknown>) => void;

export function NextStage({ trip, enqueue }: { trip: DriverTrip; enqueue: Enqueue }) {
  const { t } = useTranslation('driver');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const next = trip.next;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={700}>{t('nextStage')}</Text>
        {!next ? (
          <Text>{t('noNextStage')}</Text>
        ) : next.needsCode ? (
          <>
            <Text size="sm">{t('codeHint')}</Text>
            <Button
              {...BIG}
              variant="light"
              onClick={() => enqueue('stage', { action: next.point === 'LOADING' ? 'SEND_LOADING_CODE' : 'SEND_UNLOADING_CODE' })}
            >
              {t(`action.${next.point === 'LOADING' ? 'SEND_LOADING_CODE' : 'SEND_UNLOADING_CODE'}`)}
            </Button>
            <Text component="label" htmlFor="driver-code" size="sm">
              {t('codeLabel')}
            </Text>
            <PinInput
              id="driver-code"
              length={6}
              type="number"
              oneTimeCode
              size="lg"
              value={code}
              onChange={setCode}
              error={Boolean(error)}
              aria-label={t('codeLabel')}
            />
            {error ? (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            ) : null}
            <Button
              {...BIG}
              onClick={() => {
                if (!/^\d{6}$/.test(code)) {
                  setError(t('codeInvalid'));
                  return;
                }
                setError(null);
                enqueue('stage', { action: next.action, otp: code });
                setCode('');
              }}
            >
              {t(`action.${next.action}`)}
            </Button>
          </>
        ) : (
          <Button {...BIG} onClick={() => enqueue('stage', { action: next.action })}>
            {t(`action.${next.action}`)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export function Points({ trip }: { trip: DriverTrip }) {
  const { t } = useTranslation('driver');
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('points')}
      </Title>
      {trip.points.map((p, i) => (
        <Card key={`${p.kind}-${i}`} withBorder radius="md" padding="sm">
          <Stack gap={6}>
            <Group gap={6}>
              <IconMapPin size={18} aria-hidden />
              <Text fw={700}>{p.kind === 'LOADING' ? t('loadingPoint') : t('unloadingPoint')}</Text>
            </Group>
            <Text>{p.name}</Text>
            <Text size="sm" c="dimmed">
              {p.address}
            </Text>
            <Group grow>
              {p.contactPhone ? (
                <Button
                  component="a"
                  href={`tel:${p.contactPhone}`}
                  h={48}
                  leftSection={<IconPhone size={18} aria-hidden />}
                  variant="light"
                >
                  {t('call', { name: p.contactName || p.contactPhone })}
                </Button>
              ) : null}
              <Button
                component="a"
                href={mapsUrl(p.lat, p.lng)}
                target="_blank"
                rel="noopener"
                h={48}
                leftSection={<IconNavigation size={18} aria-hidden />}
                variant="light"
              >
                {t('navigate')}
              </Button>
            </Group>
            <Anchor href={`geo:${p.lat},${p.lng}`} size="sm">
              {p.lat.toFixed(4)}, {p.lng.toFixed(4)}
            </Anchor>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function LocationCard({ token, enqueue }: { token: string; enqueue: Enqueue }) {
  const { t } = useTranslation('driver');
  const [sharing, setSharing] = useState(() => window.localStorage.getItem(sharingKey(token)) === '1');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!sharing) return;
    return watchLocation({
      onBatch: (positions) => enqueue('positions', { positions }),
      onError: (code) => {
        setProblem(code === 'denied' ? t('location.denied') : code === 'unsupported' ? t('location.unsupported') : null);
        if (code !== 'unavailable') setSharing(false);
      },
    });
  }, [sharing, enqueue, t]);
  const toggle = (on: boolean) => {
    setSharing(on);
    setProblem(null);
    window.localStorage.setItem(sharingKey(token), on ? '1' : '0');
    enqueue('location', { sharing: on });
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{t('location.title')}</Text>
          <Badge color={sharing ? 'teal' : 'gray'} size="lg" role="status">
            {sharing ? t('location.shared') : t('location.stopped')}
          </Badge>
        </Group>
        {problem ? (
          <Text c="red" size="sm" role="alert">
            {problem}
          </Text>
        ) : null}
        {sharing ? (
          <Button {...BIG} color="red" variant="light" onClick={() => toggle(false)}>
            {t('location.stop')}
          </Button>
        ) : (
          <Button {...BIG} variant="light" onClick={() => toggle(true)}>
            {t('location.start')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export function DelayCard({ trip, enqueue }: { trip: DriverTrip; enqueue: Enqueue }) {
  const { t, i18n } = useTranslation('driver');
  const [reason, setReason] = useState(trip.delayReasons[0]?.code ?? '');
  const [remarks, setRemarks] = useState('');
  const [saved, setSaved] = useState(false);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={700}>{t('delay.title')}</Text>
        <NativeSelect
          label={t('delay.reason')}
          size="lg"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data={trip.delayReasons.map((r) => ({ value: r.code, label: i18n.language === 'hi' ? r.labelHi : r.label }))}
        />
        <Textarea label={t('delay.remarks')} value={remarks} maxLength={300} onChange={(e) => setRemarks(e.currentTarget.value)} />
        {saved ? (
          <Text c="teal" role="status">
            {t('delay.saved')}
          </Text>
        ) : null}
        <Button
          {...BIG}
          variant="light"
          onClick={() => {
            const type = ['ASSIGNED', 'REACHED_LOADING'].includes(trip.state)
              ? 'LOADING'
              : trip.state === 'REACHED_UNLOADING'
                ? 'UNLOADING'
                : 'TRANSIT';
            enqueue('delay', { type, reasonCode: reason, ...(remarks.trim() ? { remarks: remarks.trim() } : {}) });
            setSaved(true);
            setRemarks('');
          }}
        >
          {t('delay.send')}
        </Button>
      </Stack>
    </Card>
  );
}

export function PodCard({ enqueue, onQueued }: { enqueue: Enqueue; onQueued: () => void }) {
  const { t } = useTranslation('driver');
  const [count, setCount] = useState(0);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const add = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const id = newActionId();
      await photoStore.put({ id, name: file.name || 'pod.jpg', type: file.type || 'image/jpeg', blob: file });
      enqueue('pod', { actionId: id });
      setCount((c) => c + 1);
    }
    onQueued();
  };
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text fw={700}>{t('pod.title')}</Text>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          data-testid="pod-input"
          onChange={(e) => void add(e.currentTarget.files)}
        />
        <Button {...BIG} variant="light" onClick={() => input.current?.click()}>
          {t('pod.add')}
        </Button>
        {count ? <Text role="status">{t('pod.waiting', { count })}</Text> : null}
        {sent ? <Text c="teal">{t('pod.saved')}</Text> : null}
        <Button
          {...BIG}
          disabled={!count || sent}
          onClick={() => {
            enqueue('pod', { submit: true });
            setSent(true);
          }}
        >
          {t('pod.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
