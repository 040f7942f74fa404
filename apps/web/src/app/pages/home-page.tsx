import { formatPaisa } from '@bhada/contracts/money/amounts';
import { Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconCreditCard,
  IconFileCheck,
  IconIdBadge2,
  IconPackage,
  IconReceiptRupee,
  IconRoute,
  IconTruck,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title.tsx';
// account (issue 13): the app config's vehicle availability card
import { VehicleAvailabilityCard } from '../../features/account/account/components/config-prompts.tsx';
import { tagsBelowMinimumQueryOptions } from '../../features/money/fastag/api/get-fastag-list.ts';
import { demandsQueryOptions } from '../../features/marketplace/loads/api/get-demands.ts';
import { loadTabsQueryOptions } from '../../features/marketplace/loads/api/get-load-tabs.ts';
import { adminPodQueueQueryOptions } from '../../features/trips/pod/api/admin-pods.ts';
import { tripsQueryOptions } from '../../features/trips/trips/api/get-trips.ts';
import { formatNumber } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSessionAccess } from '../../lib/session.ts';
import { tripBalancesQueryOptions } from '../../lib/shared-data/trip-balances.ts';
import { walletBalanceQueryOptions } from '../../lib/shared-data/wallet-balance.ts';
import { useStored } from '../../lib/storage.ts';

type Shortcut = { key: string; to: string; icon: ReactNode; permission?: string };

/** The day's starting points per kind of user; each opens its area (the side menu has the rest). */
const SHORTCUTS: Record<'OPERATOR' | 'CONSIGNER' | 'ADMIN', Shortcut[]> = {
  OPERATOR: [
    { key: 'loads', to: paths.activeLoads, icon: <IconPackage size={20} />, permission: 'LOADS_VIEW' },
    { key: 'trips', to: paths.myTrips, icon: <IconRoute size={20} />, permission: 'TRIPS_VIEW' },
    { key: 'fastag', to: paths.fastag, icon: <IconCreditCard size={20} />, permission: 'FASTAG_VIEW' },
    { key: 'addMoney', to: paths.addMoney, icon: <IconWallet size={20} />, permission: 'WALLET_ADD_MONEY' },
    { key: 'team', to: paths.ums, icon: <IconUsersGroup size={20} />, permission: 'USERS_MANAGE' },
    { key: 'membership', to: paths.subscriptionPage, icon: <IconIdBadge2 size={20} /> },
  ],
  CONSIGNER: [
    { key: 'postLoad', to: paths.consignerLoads, icon: <IconPackage size={20} /> },
    { key: 'payTrips', to: paths.consignerTrips, icon: <IconReceiptRupee size={20} /> },
    { key: 'vehicles', to: paths.consignerVehicles, icon: <IconTruck size={20} /> },
  ],
  ADMIN: [
    { key: 'allLoads', to: paths.adminLoads, icon: <IconPackage size={20} /> },
    { key: 'pods', to: paths.adminPods, icon: <IconFileCheck size={20} /> },
  ],
};

/** One figure on the dashboard, read from a call its area already serves; a failed call says so. */
function Figure({ label, to, query }: { label: string; to: string; query: { isPending: boolean; isError: boolean; value?: string } }) {
  const { t } = useTranslation('shell');
  return (
    <UnstyledButton component={Link} to={to}>
      <Paper withBorder radius="md" p="md" h="100%" mih={44}>
        <Text size="sm" c="gray.7">
          {label}
        </Text>
        {query.isPending ? (
          <Skeleton h={28} w={80} mt={4} />
        ) : (
          <Text fw={700} fz="xl" data-testid="home-figure">
            {query.isError ? t('home.figures.unavailable') : query.value}
          </Text>
        )}
      </Paper>
    </UnstyledButton>
  );
}

const figure = <T,>(q: { isPending: boolean; isError: boolean; data: T | undefined }, show: (data: T) => string) => ({
  isPending: q.isPending,
  isError: q.isError,
  value: q.data === undefined ? undefined : show(q.data),
});

function OperatorFigures() {
  const { t } = useTranslation('shell');
  const access = useSessionAccess();
  const seesWallet = access.can('WALLET_VIEW') || access.can('FASTAG_VIEW');
  const wallet = useQuery({ ...walletBalanceQueryOptions(), enabled: seesWallet });
  const tabs = useQuery({ ...loadTabsQueryOptions(), enabled: access.can('LOADS_VIEW') });
  const trips = useQuery({ ...tripsQueryOptions('ACTIVE', 0), enabled: access.can('TRIPS_VIEW') });
  const lowTags = useQuery({ ...tagsBelowMinimumQueryOptions(), enabled: access.can('FASTAG_VIEW') });
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="home-figures">
      {seesWallet ? (
        <Figure label={t('home.figures.wallet')} to={paths.fastagPassbook} query={figure(wallet, (w) => formatPaisa(w.balanceInPaisa))} />
      ) : null}
      {access.can('LOADS_VIEW') ? (
        <Figure
          label={t('home.figures.openLoads')}
          to={paths.activeLoads}
          query={figure(tabs, (list) => formatNumber(list.find((tab) => tab.stateId === 'OPEN')?.count ?? 0))}
        />
      ) : null}
      {access.can('TRIPS_VIEW') ? (
        <Figure label={t('home.figures.activeTrips')} to={paths.myTrips} query={figure(trips, (page) => formatNumber(page.totalCount))} />
      ) : null}
      {access.can('FASTAG_VIEW') ? (
        <Figure
          label={t('home.figures.tagsBelowMinimum')}
          to={paths.fastag}
          query={figure(lowTags, (low) => `${formatNumber(low.count)}${low.complete ? '' : '+'}`)}
        />
      ) : null}
    </SimpleGrid>
  );
}

function ConsignerFigures() {
  const { t } = useTranslation('shell');
  const due = useQuery(tripBalancesQueryOptions());
  const loads = useQuery(demandsQueryOptions(0));
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="home-figures">
      <Figure
        label={t('home.figures.amountDue')}
        to={paths.consignerTrips}
        query={figure(due, (b) => formatPaisa(b.totalBalanceInPaisa))}
      />
      <Figure
        label={t('home.figures.loadsPosted')}
        to={paths.consignerLoads}
        query={figure(loads, (page) => formatNumber(page.totalCount))}
      />
    </SimpleGrid>
  );
}

function AdminFigures() {
  const { t } = useTranslation('shell');
  const loads = useQuery(demandsQueryOptions(0));
  const pods = useQuery(adminPodQueueQueryOptions());
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="home-figures">
      <Figure label={t('home.figures.allLoads')} to={paths.adminLoads} query={figure(loads, (page) => formatNumber(page.totalCount))} />
      <Figure label={t('home.figures.podsToReview')} to={paths.adminPods} query={figure(pods, (page) => formatNumber(page.totalCount))} />
    </SimpleGrid>
  );
}

export function HomePage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('defaultTitle'));
  const name = useStored('name');
  const operatorId = useStored('operatorId');
  const menuType = useStored('menuType') ?? 'OPERATOR';
  const access = useSessionAccess();

  return (
    <Stack gap="md" maw={880}>
      <Paper withBorder radius="md" p="lg">
        <Stack gap={4}>
          <Title order={2}>{t('home.greeting', { name: name || t('guest') })}</Title>
          {operatorId ? <Text c="gray.7">{t('home.operatorId', { id: operatorId })}</Text> : null}
          <Text>{t('home.intro')}</Text>
        </Stack>
      </Paper>
      {menuType === 'OPERATOR' ? <OperatorFigures /> : menuType === 'CONSIGNER' ? <ConsignerFigures /> : <AdminFigures />}
      <VehicleAvailabilityCard />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {SHORTCUTS[menuType]
          .filter((s) => !s.permission || access.can(s.permission))
          .map((s) => (
            <UnstyledButton key={s.key} component={Link} to={s.to}>
              <Paper withBorder radius="md" p="md" h="100%">
                <Stack gap={6}>
                  <ThemeIcon variant="light" size="lg" radius="md">
                    {s.icon}
                  </ThemeIcon>
                  <Text fw={600}>{t(`home.shortcuts.${s.key}.title`)}</Text>
                  <Text size="sm" c="gray.7">
                    {t(`home.shortcuts.${s.key}.text`)}
                  </Text>
                </Stack>
              </Paper>
            </UnstyledButton>
          ))}
      </SimpleGrid>
    </Stack>
  );
}

export default HomePage;
