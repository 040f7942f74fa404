import { ActionIcon, Anchor, Burger, Group, Image, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentBack, useCurrentPageTitle } from '../../components/page-title.tsx';
import { config } from '../../lib/config.ts';
import { homeFor } from '../../lib/paths.ts';
import { useStored } from '../../lib/storage.ts';
import { menuItemFor } from './menu-items.tsx';

/**
 * spec: marketplace §2 — logo (customised for one operator id, linking out) and a title that follows
 * the page: the page's own, else its menu entry's, else Dashboard. Below a menu entry (a details page,
 * a payment) a back arrow leads to the page's own target, else back in history, else the menu entry.
 */
export function AppHeader({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const operatorId = useStored('operatorId');
  const menuType = useStored('menuType');
  const location = useLocation();
  const navigate = useNavigate();
  const home = homeFor(menuType);
  const item = menuItemFor(menuType, location.pathname);
  const title = useCurrentPageTitle() ?? (item ? t(`shell:menu.${item.key}`) : t('shell:defaultTitle'));
  const back = useCurrentBack();
  const showBack = back !== undefined || (location.pathname !== home && location.pathname !== item?.to);
  const customLogo = operatorId !== undefined && operatorId === config.customLogoOperatorId;

  const goBack = () => {
    if (back?.to) void navigate(back.to);
    // 'default' is the first entry of this tab: there is nothing to go back to
    else if (location.key !== 'default') void navigate(-1);
    else void navigate(item?.to ?? home);
  };

  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap">
      <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" w={44} h={44} aria-label={t('shell:openMenu')} />
      {showBack ? (
        <ActionIcon variant="subtle" size={44} aria-label={t('common:back')} onClick={goBack} data-testid="shell-back">
          <IconArrowLeft size={22} />
        </ActionIcon>
      ) : null}
      {customLogo ? (
        <Anchor href={config.customLogoLink} target="_blank" rel="noopener noreferrer" data-testid="custom-logo">
          <Image src={config.customLogoUrl} h={28} w="auto" alt={t('shell:logoAlt')} />
        </Anchor>
      ) : (
        <Anchor component={Link} to={home} underline="never" aria-label={t('shell:logoAlt')} visibleFrom={showBack ? 'xs' : undefined}>
          <Text fw={800} fz="xl" c="indigo.8">
            {t('common:appName')}
          </Text>
        </Anchor>
      )}
      <Text component="h1" fz={{ base: 'md', sm: 'lg' }} fw={600} truncate ml="sm" my={0} style={{ minWidth: 0 }} data-testid="shell-title">
        {title}
      </Text>
    </Group>
  );
}
