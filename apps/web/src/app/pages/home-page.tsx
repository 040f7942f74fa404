import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/page-title.tsx';
// account (issue 13): the app config's vehicle availability card
import { VehicleAvailabilityCard } from '../../features/account/components/config-prompts.tsx';
import { paths } from '../../lib/paths.ts';
import { useStored } from '../../lib/storage.ts';

type Shortcut = { key: string; to: string; icon: ReactNode };

/** The day's starting points per kind of user; each opens its area (the side menu has the rest). */
const SHORTCUTS: Record<'OPERATOR' | 'CONSIGNER' | 'ADMIN', Shortcut[]> = {
  OPERATOR: [
    { key: 'loads', to: paths.activeLoads, icon: <IconPackage size={20} /> },
    { key: 'trips', to: paths.myTrips, icon: <IconRoute size={20} /> },
    { key: 'fastag', to: paths.fastag, icon: <IconCreditCard size={20} /> },
    { key: 'addMoney', to: paths.addMoney, icon: <IconWallet size={20} /> },
    { key: 'team', to: paths.ums, icon: <IconUsersGroup size={20} /> },
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

export function HomePage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('defaultTitle'));
  const name = useStored('name');
  const operatorId = useStored('operatorId');
  const menuType = useStored('menuType') ?? 'OPERATOR';

  return (
    <Stack gap="md" maw={880}>
      <Paper withBorder radius="md" p="lg">
        <Stack gap={4}>
          <Title order={2}>{t('home.greeting', { name: name || t('guest') })}</Title>
          {operatorId ? <Text c="dimmed">{t('home.operatorId', { id: operatorId })}</Text> : null}
          <Text>{t('home.intro')}</Text>
        </Stack>
      </Paper>
      <VehicleAvailabilityCard />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {SHORTCUTS[menuType].map((s) => (
          <UnstyledButton key={s.key} component={Link} to={s.to}>
            <Paper withBorder radius="md" p="md" h="100%">
              <Stack gap={6}>
                <ThemeIcon variant="light" size="lg" radius="md">
                  {s.icon}
                </ThemeIcon>
                <Text fw={600}>{t(`home.shortcuts.${s.key}.title`)}</Text>
                <Text size="sm" c="dimmed">
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
