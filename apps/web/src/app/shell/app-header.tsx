import { Anchor, Burger, Group, Image, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentPageTitle } from '../../components/page-title.tsx';
import { config } from '../../lib/config.ts';
import { homeFor } from '../../lib/paths.ts';
import { useStored } from '../../lib/storage.ts';

/** spec: marketplace §2 — logo (customised for one operator id, linking out), a title (default Dashboard). */
export function AppHeader({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const operatorId = useStored('operatorId');
  const menuType = useStored('menuType');
  const title = useCurrentPageTitle() ?? t('shell:defaultTitle');
  const customLogo = operatorId !== undefined && operatorId === config.customLogoOperatorId;

  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap">
      <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" w={44} h={44} aria-label={t('shell:openMenu')} />
      {customLogo ? (
        <Anchor href={config.customLogoLink} target="_blank" rel="noopener noreferrer" data-testid="custom-logo">
          <Image src={config.customLogoUrl} h={28} w="auto" alt={t('shell:logoAlt')} />
        </Anchor>
      ) : (
        <Anchor component={Link} to={homeFor(menuType)} underline="never" aria-label={t('shell:logoAlt')}>
          <Text fw={800} fz="xl" c="indigo.8">
            {t('common:appName')}
          </Text>
        </Anchor>
      )}
      <Text component="h1" fz={{ base: 'md', sm: 'lg' }} fw={600} truncate ml="sm" my={0} style={{ minWidth: 0 }}>
        {title}
      </Text>
    </Group>
  );
}
