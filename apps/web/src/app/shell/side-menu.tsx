import { Avatar, Badge, Box, Divider, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { useLogout } from '../../features/account/auth/api/logout.ts';
import { useSessionAccess } from '../../lib/session.ts';
import { useStored } from '../../lib/storage.ts';
import { menuFor } from './menu-items.tsx';

/** `footer`: what the layout adds under the menu (the app config's feedback widget). */
export function SideMenu({ onNavigate, footer }: { onNavigate?: () => void; footer?: ReactNode }) {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const name = useStored('name');
  const menuType = useStored('menuType');
  const logout = useLogout();
  // the session's permissions (fetched by the layout): an item needing one the user lacks is not shown
  const access = useSessionAccess();
  const displayName = name?.trim() || t('guest');

  return (
    <Stack h="100%" gap={0}>
      <Group p="md" gap="sm" wrap="nowrap">
        <Avatar color="indigo" radius="xl">
          {displayName.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} truncate data-testid="menu-user-name">
            {displayName}
          </Text>
        </Box>
      </Group>
      <Divider />
      {/* the browser's own scrolling: Mantine's ScrollArea would bring the whole floating-ui library (about 16 KB
          gzipped) into every page after login for its ref helper (ADR 089) */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto' }} p="xs">
        <nav aria-label={t('mainMenu')}>
          {menuFor(menuType)
            .filter((item) => !item.permission || access.can(item.permission))
            .map((item) => (
              <NavLink
                key={item.key}
                component={Link}
                to={item.to}
                label={t(`menu.${item.key}`)}
                leftSection={item.icon}
                rightSection={
                  item.isNew ? (
                    <Badge size="xs" color="red" variant="filled">
                      {t('menu.new')}
                    </Badge>
                  ) : null
                }
                active={location.pathname === item.to || location.pathname.startsWith(`${item.to}/`)}
                onClick={onNavigate}
              />
            ))}
          <NavLink
            component="button"
            label={t('menu.logout')}
            leftSection={<IconLogout size={18} />}
            color="red"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          />
        </nav>
      </Box>
      <Divider />
      <Box onClick={onNavigate}>{footer}</Box>
      <Box p="md">
        <LanguageToggle fullWidth />
      </Box>
      {logout.isPending ? <FullScreenLoader message={t('loggingOut')} /> : null}
    </Stack>
  );
}
