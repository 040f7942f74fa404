import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShellBack } from './page-title.tsx';

/**
 * spec: fastag-payments-shell §2.10 — the generic back header: an arrow and a title. Inside the
 * portal shell the arrow moves to the shell header (one back arrow per screen).
 */
export function BackHeader({ title, to, right }: { title: string; to?: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shellDrawsArrow = useShellBack(to);
  return (
    <Group justify="space-between" wrap="nowrap" mb="md">
      <Group gap="xs" wrap="nowrap">
        {shellDrawsArrow ? null : (
          <ActionIcon variant="subtle" size={44} aria-label={t('common:back')} onClick={() => (to ? navigate(to) : navigate(-1))}>
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <Title order={3}>{title}</Title>
      </Group>
      {right}
    </Group>
  );
}
