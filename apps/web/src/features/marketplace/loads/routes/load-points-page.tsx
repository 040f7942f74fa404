import type { LoadPoint } from '@bhada/contracts/marketplace/loads';
import { Anchor, Card, Container, Stack, Text } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useLoad } from '../api/get-load.ts';

/** spec: fastag §2.4 active-loads loadingPoint / unLoadingPoint — the points of a load with directions. */
export function LoadPointsPage({ kind }: { kind: 'loading' | 'unloading' }) {
  const { t } = useTranslation('loads');
  const { demandId = '' } = useParams();
  const title = kind === 'loading' ? t('loadingPoints') : t('unloadingPoints');
  usePageTitle(title);
  const load = useLoad(demandId);
  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={title} to={pathWith(paths.activeLoadDetails, { demandId })} />
      <QueryState
        query={load}
        isEmpty={(d) => (kind === 'loading' ? d.loadingPoints : d.unloadingPoints).length === 0}
        empty={<EmptyState text={t('noPoints')} />}
      >
        {(data) => (
          <Stack gap="sm">
            {(kind === 'loading' ? data.loadingPoints : data.unloadingPoints).map((p, i) => (
              <PointCard key={`${p.name}-${p.lat}-${p.lng}`} point={p} index={i + 1} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}

function PointCard({ point, index }: { point: LoadPoint; index: number }) {
  const { t } = useTranslation('loads');
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap={4}>
        <Text fw={600}>
          {index}. {point.name}
        </Text>
        {point.address ? (
          <Text size="sm" c="dimmed">
            {point.address}
          </Text>
        ) : null}
        <Anchor
          href={`https://www.google.com/maps/dir/?api=1&destination=${point.lat},${point.lng}`}
          target="_blank"
          rel="noreferrer"
          size="sm"
        >
          <IconMapPin size={14} /> {t('directions')}
        </Anchor>
        {point.contactPhone ? (
          <Anchor href={`tel:${point.contactPhone}`} size="sm">
            <IconPhone size={14} /> {point.contactName || point.contactPhone} · {point.contactPhone}
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed">
            {t('contactAfterWin')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export const LoadingPointPage = () => <LoadPointsPage kind="loading" />;
export const UnloadingPointPage = () => <LoadPointsPage kind="unloading" />;
export default LoadPointsPage;
