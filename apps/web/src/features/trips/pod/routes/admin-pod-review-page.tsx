import { formatPaisa, formatRupees, parseRupees } from '@bhada/contracts/money/amounts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { toast } from '../../../../lib/notify.ts';
import { useAdminPodQueue, useDecidePod } from '../api/admin-pods.ts';
import { useAdminPodFiles } from '../api/get-admin-pod-files.ts';

/** Admin: submitted PODs to verify (deductions allowed) or reject with a reason. */
export default function AdminPodReviewPage() {
  const { t } = useTranslation('pod');
  usePageTitle(t('admin.title'));
  const [page] = useState(0);
  const queue = useAdminPodQueue(page);
  return (
    <Container size="md" px="xs" py="sm">
      <Title order={3} mb="sm">
        {t('admin.title')}
      </Title>
      <QueryState query={queue} isEmpty={(d) => d.trips.length === 0} empty={<EmptyState text={t('admin.empty')} />}>
        {(data) => (
          <Stack gap="sm">
            {data.trips.map((trip) => (
              <ReviewCard
                key={trip.tripId}
                tripId={trip.tripId}
                title={`${trip.originCity} → ${trip.destinationCity}`}
                sub={`${trip.vehicleNumber ?? ''} · ${formatPaisa(trip.agreedPriceInPaisa)} · ${formatDate(trip.updatedAt)}`}
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}

function ReviewCard({ tripId, title, sub }: { tripId: string; title: string; sub: string }) {
  const { t } = useTranslation('pod');
  const files = useAdminPodFiles(tripId);
  const { verify, reject } = useDecidePod();
  const [reason, setReason] = useState('');
  const [deduction, setDeduction] = useState<number | string>('');
  const [deductionReason, setDeductionReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {tripId} · {sub}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {(files.data?.pods ?? []).map((p) =>
            p.docViewUrl ? (
              <Anchor key={p.resourceKey} href={p.docViewUrl} target="_blank" rel="noopener" size="sm">
                {p.imgUrl ? (
                  <img src={p.imgUrl} alt={p.fileName} style={{ width: '100%', height: 90, objectFit: 'cover', borderRadius: 4 }} />
                ) : (
                  p.fileName
                )}
              </Anchor>
            ) : (
              <Text key={p.resourceKey} size="xs" c="dimmed">
                {t('paperCopy', { name: p.fileName })}
              </Text>
            ),
          )}
        </SimpleGrid>
        <Group grow align="flex-end">
          <NumberInput label={t('admin.deduction')} prefix="₹ " min={0} value={deduction} onChange={setDeduction} />
          <TextInput
            label={t('admin.deductionReason')}
            value={deductionReason}
            onChange={(e) => setDeductionReason(e.currentTarget.value)}
          />
        </Group>
        {/* paying the balance moves money and cannot be undone: it is confirmed first (issue 16 point 8) */}
        <Button color="teal" loading={verify.isPending} onClick={() => setConfirming(true)}>
          {t('admin.verify')}
        </Button>
        <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('admin.confirmTitle')} centered>
          <Stack gap="sm">
            <Text size="sm">
              {Number(deduction) > 0
                ? t('admin.confirmTextDeduction', { trip: tripId, amount: formatRupees(Number(deduction)) })
                : t('admin.confirmText', { trip: tripId })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('admin.cancel')}
              </Button>
              <Button
                color="teal"
                loading={verify.isPending}
                // mutateAsync: the verified trip leaves the queue and this card unmounts before a
                // per-call onSuccess would run, so the confirmation hangs off the promise instead
                onClick={() =>
                  void verify
                    .mutateAsync({
                      tripId,
                      deductions:
                        Number(deduction) > 0
                          ? [{ reason: deductionReason.trim() || t('admin.deduction'), amountInPaisa: parseRupees(deduction) ?? 0 }]
                          : [],
                    })
                    .then(() => toast({ msg: t('admin.verified') }))
                    .catch(() => undefined)
                    .finally(() => setConfirming(false))
                }
              >
                {t('admin.confirmVerify')}
              </Button>
            </Group>
          </Stack>
        </Modal>
        {/* at 360 px the reason needs the full width to be typed comfortably */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" style={{ alignItems: 'end' }}>
          <TextInput label={t('admin.rejectReason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Button
            color="red"
            variant="light"
            disabled={reason.trim().length < 3}
            loading={reject.isPending}
            onClick={() =>
              void reject
                .mutateAsync({ tripId, reason: reason.trim() })
                .then(() => toast({ msg: t('admin.rejected') }))
                .catch(() => undefined)
            }
          >
            {t('admin.reject')}
          </Button>
        </SimpleGrid>
        {verify.isError || reject.isError ? <Alert color="red">{t('admin.failed')}</Alert> : null}
      </Stack>
    </Card>
  );
}
