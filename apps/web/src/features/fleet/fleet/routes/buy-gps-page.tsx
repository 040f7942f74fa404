import { formatPaisa } from '@bhada/contracts/money/amounts';
import { Alert, Badge, Button, Card, Container, Group, Image, List, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useGpsEligibility, useGpsInfo, useInstallGps } from '../api/gps.ts';
import { useCompactVehicles } from '../api/vehicles.ts';

const ORDER_COLOR: Record<string, string> = { PLACED: 'blue', SCHEDULED: 'yellow', INSTALLED: 'green', CANCELLED: 'gray' };

function Images({ images }: { images: string[] }) {
  const { t } = useTranslation('fleet');
  const [failed, setFailed] = useState(false);
  // spec §8: "Error occured in fetching images"
  if (failed) return <Alert color="red">{t('gps.imagesFailed')}</Alert>;
  return (
    <SimpleGrid cols={2}>
      {images.map((src) => (
        <Image key={src} src={src} alt={t('gps.imageAlt')} radius="md" onError={() => setFailed(true)} />
      ))}
    </SimpleGrid>
  );
}

/** Buy GPS (spec fastag §2.4 /web-view/buy-gps, app config buyGpsLink): product, eligibility per vehicle, order. */
export default function BuyGpsPage() {
  const { t } = useTranslation('fleet');
  usePageTitle(t('gps.title'));
  const info = useGpsInfo();
  const vehicles = useCompactVehicles();
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const eligibility = useGpsEligibility(vehicleId);
  const install = useInstallGps();

  return (
    <Container size="sm" px="sm" py="md">
      <QueryState query={info}>
        {(data) => (
          <Stack>
            <Title order={3}>{t('gps.title')}</Title>
            <Images images={data.images} />
            <List size="sm">
              {data.features.map((f) => (
                <List.Item key={f}>{t(`gps.feature.${f}`)}</List.Item>
              ))}
            </List>
            <Text size="sm" fw={600}>
              {data.priceInPaisa === 0 ? t('gps.free') : formatPaisa(data.priceInPaisa)}
            </Text>
            <Card withBorder padding="sm">
              <Stack>
                <Select
                  label={t('gps.chooseVehicle')}
                  data={(vehicles.data ?? []).map((v) => ({ value: v.vehicleId, label: v.number }))}
                  value={vehicleId}
                  onChange={(v) => {
                    setVehicleId(v);
                    install.reset();
                  }}
                  searchable
                />
                {eligibility.data && !eligibility.data.eligible ? (
                  <Alert color="yellow">{t(`gps.reason.${eligibility.data.reason}`)}</Alert>
                ) : null}
                {install.isSuccess ? <Alert color="green">{t('gps.placed')}</Alert> : null}
                {install.isError ? <Alert color="red">{t('gps.failed')}</Alert> : null}
                <Button
                  mih={44}
                  disabled={!eligibility.data?.eligible || install.isSuccess}
                  loading={install.isPending}
                  onClick={() => vehicleId && install.mutate(vehicleId)}
                >
                  {t('gps.order')}
                </Button>
              </Stack>
            </Card>
            {data.orders.length ? (
              <Stack gap="xs">
                <Title order={5}>{t('gps.myOrders')}</Title>
                {data.orders.map((o) => (
                  <Group key={o.orderId} justify="space-between">
                    <Text size="sm">
                      {o.vehicleNumber}
                      {o.scheduledFor ? ` · ${t('gps.visit', { date: formatDate(o.scheduledFor) })}` : ''}
                    </Text>
                    <Badge color={ORDER_COLOR[o.status]}>{t(`gps.status.${o.status}`)}</Badge>
                  </Group>
                ))}
              </Stack>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
