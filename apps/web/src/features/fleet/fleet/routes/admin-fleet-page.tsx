import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { snackbar } from '../../../../lib/notify.ts';
import { useAdminGpsOrders, useMoveGpsOrder, useReviewDocument, useReviewQueue } from '../api/admin.ts';

function ReviewQueue() {
  const { t } = useTranslation('fleet');
  const [status, setStatus] = useState<'PENDING' | 'VERIFIED' | 'REJECTED'>('PENDING');
  const queue = useReviewQueue(status);
  const review = useReviewDocument();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  return (
    <Stack>
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        data={(['PENDING', 'VERIFIED', 'REJECTED'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <QueryState query={queue} isEmpty={(d) => d.length === 0}>
        {(list) =>
          list.map((d) => (
            <Card key={d.documentId} withBorder padding="sm" data-testid="review-item">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={700}>
                    {t(`docType.${d.docType}`)} · {d.vehicleNumber ?? d.operatorName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {d.operatorName} · {formatDateTime(d.createdAt)}
                    {d.expiresOn ? ` · ${t('documents.expires', { date: formatDate(d.expiresOn) })}` : ''}
                  </Text>
                  {d.viewUrl ? (
                    <Anchor href={d.viewUrl} target="_blank" rel="noopener" size="sm">
                      {t('admin.open', { file: d.fileName })}
                    </Anchor>
                  ) : null}
                  {d.rejectReason ? (
                    <Text size="sm" c="red">
                      {d.rejectReason}
                    </Text>
                  ) : null}
                </Stack>
                <Badge>{t(`status.${d.status}`)}</Badge>
              </Group>
              {d.status === 'PENDING' ? (
                <Stack mt="xs" gap="xs">
                  <TextInput
                    placeholder={t('admin.reason')}
                    aria-label={t('admin.reason')}
                    value={reasons[d.documentId] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setReasons((r) => ({ ...r, [d.documentId]: value }));
                    }}
                  />
                  <Group gap="xs">
                    <Button
                      mih={44}
                      color="green"
                      loading={review.isPending}
                      onClick={() =>
                        review.mutate({ documentId: d.documentId }, { onSuccess: () => snackbar(t('admin.verified'), 'success') })
                      }
                    >
                      {t('admin.verify')}
                    </Button>
                    <Button
                      mih={44}
                      color="red"
                      variant="light"
                      disabled={(reasons[d.documentId] ?? '').trim().length < 3}
                      loading={review.isPending}
                      onClick={() =>
                        review.mutate(
                          { documentId: d.documentId, reason: reasons[d.documentId] ?? '' },
                          { onSuccess: () => snackbar(t('admin.rejected'), 'success') },
                        )
                      }
                    >
                      {t('admin.reject')}
                    </Button>
                  </Group>
                </Stack>
              ) : null}
            </Card>
          ))
        }
      </QueryState>
    </Stack>
  );
}

function GpsOrders() {
  const { t } = useTranslation('fleet');
  const orders = useAdminGpsOrders();
  const move = useMoveGpsOrder();
  const [identifier, setIdentifier] = useState<string | null>(null);
  return (
    <Stack>
      {identifier ? (
        <Alert color="green" title={t('admin.installed')}>
          <Code block>{identifier}</Code>
        </Alert>
      ) : null}
      <QueryState query={orders} isEmpty={(d) => d.length === 0}>
        {(list) =>
          list.map((o) => (
            <Card key={o.orderId} withBorder padding="sm">
              <Group justify="space-between">
                <Stack gap={2}>
                  <Text fw={700}>{o.vehicleNumber}</Text>
                  <Text size="sm" c="dimmed">
                    {o.operatorName} · {o.contactPhone} · {formatDateTime(o.createdAt)}
                  </Text>
                </Stack>
                <Badge>{t(`gps.status.${o.status}`)}</Badge>
              </Group>
              <Group mt="xs" gap="xs">
                {o.status === 'PLACED' ? (
                  <Button
                    mih={44}
                    size="sm"
                    onClick={() =>
                      move.mutate({
                        orderId: o.orderId,
                        status: 'SCHEDULED',
                        scheduledFor: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
                      })
                    }
                  >
                    {t('admin.schedule')}
                  </Button>
                ) : null}
                {o.status === 'SCHEDULED' ? (
                  <Button
                    mih={44}
                    size="sm"
                    color="green"
                    onClick={() =>
                      move.mutate({ orderId: o.orderId, status: 'INSTALLED' }, { onSuccess: (r) => setIdentifier(r.deviceIdentifier) })
                    }
                  >
                    {t('admin.install')}
                  </Button>
                ) : null}
                {o.status === 'PLACED' || o.status === 'SCHEDULED' ? (
                  <Button
                    mih={44}
                    size="sm"
                    variant="subtle"
                    color="red"
                    onClick={() => move.mutate({ orderId: o.orderId, status: 'CANCELLED' })}
                  >
                    {t('admin.cancel')}
                  </Button>
                ) : null}
              </Group>
            </Card>
          ))
        }
      </QueryState>
    </Stack>
  );
}

/** Admin: the document review queue and GPS orders. */
export default function AdminFleetPage() {
  const { t } = useTranslation('fleet');
  usePageTitle(t('admin.title'));
  return (
    <Container size="md" px="sm" py="md">
      <Title order={3} mb="sm">
        {t('admin.title')}
      </Title>
      <Tabs defaultValue="docs">
        <Tabs.List>
          <Tabs.Tab value="docs">{t('admin.documents')}</Tabs.Tab>
          <Tabs.Tab value="gps">{t('admin.gpsOrders')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="docs" pt="sm">
          <ReviewQueue />
        </Tabs.Panel>
        <Tabs.Panel value="gps" pt="sm">
          <GpsOrders />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
