import { formatPaisa } from '@bhada/contracts/money/amounts';
import { TOLL_FLAG_STATES, type TollFlagRow, type TollFlagState } from '@bhada/contracts/money/fastag';
import { Badge, Button, Group, Modal, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { SHORT_TOAST_TIMEOUT_MS, snackbar, toast } from '../../../../lib/notify.ts';
import { useSessionAccess } from '../../../../lib/session.ts';
import { useDismissTollFlag, useDisputeTollFlag, useTollFlags } from '../api/toll-flags.ts';

const TAP = { minHeight: 44 };

function Evidence({ flag }: { flag: TollFlagRow }) {
  const { t } = useTranslation('fastag');
  const e = flag.evidence;
  const lines: string[] = [];
  if (e.otherRead)
    lines.push(
      t('suspicious.evidence.otherRead', {
        minutes: e.otherRead.minutesApart,
        amount: formatPaisa(e.otherRead.amountPaisa),
        time: formatDateTime(e.otherRead.at),
      }),
    );
  if (e.chargedClass !== undefined && e.vehicleClass !== undefined) {
    lines.push(
      t('suspicious.evidence.classes', {
        charged: e.chargedClass,
        own: e.vehicleClass,
        tyres: e.tyreCount ?? '—',
        tonnage: e.tonnage ?? '—',
      }),
    );
    if (e.fareAtVehicleClassPaisa !== undefined)
      lines.push(t('suspicious.evidence.fairFare', { own: e.vehicleClass, amount: formatPaisa(e.fareAtVehicleClassPaisa) }));
  }
  if (flag.kind === 'NO_TRIP_NO_MOVEMENT') lines.push(t('suspicious.evidence.moved', { km: e.movedKm ?? 0 }));
  if (flag.kind === 'FAR_FROM_PLAZA')
    for (const p of (e.positions ?? []).slice(0, 2))
      lines.push(t('suspicious.evidence.position', { km: p.km, minutes: p.minutesFromRead }));
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function FlagCard({
  flag,
  onDismiss,
  onDispute,
  busy,
}: {
  flag: TollFlagRow;
  onDismiss?: () => void;
  onDispute?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('fastag');
  const open = flag.state === 'OPEN';
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`${flag.vehicleNumber}: ${t(`suspicious.kinds.${flag.kind}`)}`} role="article">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Text fw={700}>{flag.vehicleNumber}</Text>
          <Badge color={open ? 'red' : flag.state === 'DISMISSED' ? 'gray' : 'teal'}>{t(`suspicious.states.${flag.state}`)}</Badge>
        </Group>
        <Text fw={600}>{t(`suspicious.kinds.${flag.kind}`)}</Text>
        <Text size="sm">{t('suspicious.toll', { amount: formatPaisa(flag.amountPaisa), plaza: flag.plaza ?? '—' })}</Text>
        <Text size="sm">{t('suspicious.readAt', { time: formatDateTime(flag.occurredAt) })}</Text>
        <Evidence flag={flag} />
        <Text size="sm" fw={700} c={open ? 'red' : undefined}>
          {t('suspicious.stake', { amount: formatPaisa(flag.atStakePaisa) })}
        </Text>
        {flag.dismissedReason ? <Text size="sm">{t('suspicious.dismissedBecause', { reason: flag.dismissedReason })}</Text> : null}
        {flag.ticketId ? <Text size="sm">{t('suspicious.ticket', { id: flag.ticketId })}</Text> : null}
        {open ? (
          <>
            <Text size="sm" c="dimmed">
              {flag.dispute.status === 'WAIT'
                ? t('suspicious.disputeFrom', { date: formatDate(flag.dispute.opensAt) })
                : flag.dispute.status === 'OPEN'
                  ? t('suspicious.disputeUntil', { date: formatDate(flag.dispute.closesAt) })
                  : t('suspicious.disputeClosed')}
            </Text>
            <Group grow gap="xs">
              {onDismiss ? (
                <Button variant="default" style={TAP} onClick={onDismiss} disabled={busy}>
                  {t('suspicious.dismiss')}
                </Button>
              ) : null}
              {onDispute ? (
                <Button style={TAP} onClick={onDispute} disabled={busy || flag.dispute.status !== 'OPEN'} loading={busy}>
                  {t('suspicious.dispute')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /portal/fastag/suspicious: the tolls the checks flagged, the money at stake and recovered (issue 47, ADR 280). */
export default function SuspiciousTollsPage() {
  const { t } = useTranslation('fastag');
  usePageTitle(t('suspicious.title'));
  const access = useSessionAccess();
  const [state, setState] = useState<TollFlagState | 'ALL'>('OPEN');
  const [vehicleId, setVehicleId] = useState('');
  const [dismissing, setDismissing] = useState<TollFlagRow | null>(null);
  const [reason, setReason] = useState('');
  const flags = useTollFlags({ state, vehicleId });
  const everyVehicle = useTollFlags({ state: 'ALL' });
  const dismiss = useDismissTollFlag();
  const dispute = useDisputeTollFlag();
  const vehicles = [...new Map((everyVehicle.data?.list ?? []).map((f) => [f.vehicleId, f.vehicleNumber])).entries()];
  const fail = (err: unknown) => snackbar(isApiError(err) ? err.message : t('common:somethingWentWrong'));

  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('suspicious.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('suspicious.intro')}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('suspicious.atStake')}
          </Text>
          <Text fw={700} size="lg" data-testid="at-stake">
            {flags.data ? formatPaisa(flags.data.totals.atStakePaisa) : '—'}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {t('suspicious.recovered')}
          </Text>
          <Text fw={700} size="lg" data-testid="recovered">
            {flags.data ? formatPaisa(flags.data.totals.recoveredPaisa) : '—'}
          </Text>
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NativeSelect
          label={t('suspicious.vehicle')}
          value={vehicleId}
          onChange={(e) => setVehicleId(e.currentTarget.value)}
          data={[{ value: '', label: t('suspicious.allVehicles') }, ...vehicles.map(([value, label]) => ({ value, label }))]}
          styles={{ input: TAP }}
        />
        <NativeSelect
          label={t('suspicious.states.ALL')}
          value={state}
          onChange={(e) => setState(e.currentTarget.value as TollFlagState | 'ALL')}
          data={(['ALL', ...TOLL_FLAG_STATES] as const).map((s) => ({ value: s, label: t(`suspicious.states.${s}`) }))}
          styles={{ input: TAP }}
        />
      </SimpleGrid>
      <QueryState query={flags} isEmpty={(d) => d.list.length === 0} empty={<EmptyState text={t('suspicious.empty')} />}>
        {(data) => (
          <Stack gap="sm">
            {data.list.map((flag) => (
              <FlagCard
                key={flag.id}
                flag={flag}
                busy={dispute.isPending && dispute.variables === flag.id}
                onDismiss={access.can('FASTAG_RECHARGE') ? () => setDismissing(flag) : undefined}
                onDispute={() =>
                  dispute.mutate(flag.id, {
                    onSuccess: () => toast({ msg: t('suspicious.disputed'), timeout: SHORT_TOAST_TIMEOUT_MS }),
                    onError: fail,
                  })
                }
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <Modal opened={dismissing !== null} onClose={() => setDismissing(null)} title={t('suspicious.dismissTitle')} fullScreen={false}>
        <Stack gap="sm">
          <Textarea label={t('suspicious.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={300} />
          <Group grow>
            <Button variant="default" style={TAP} onClick={() => setDismissing(null)}>
              {t('suspicious.cancel')}
            </Button>
            <Button
              style={TAP}
              disabled={reason.trim().length < 3}
              loading={dismiss.isPending}
              onClick={() =>
                dismissing &&
                dismiss.mutate(
                  { id: dismissing.id, reason: reason.trim() },
                  {
                    onSuccess: () => {
                      toast({ msg: t('suspicious.dismissed'), timeout: SHORT_TOAST_TIMEOUT_MS });
                      setDismissing(null);
                      setReason('');
                    },
                    onError: fail,
                  },
                )
              }
            >
              {t('suspicious.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
