import { ActionIcon, Group, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** spec: fastag-payments-shell §2.10 — the generic back header: an arrow and a title. */
export function BackHeader({ title, to, right }: { title: string; to?: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Group justify="space-between" wrap="nowrap" mb="md">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" aria-label={t('common:back')} onClick={() => (to ? navigate(to) : navigate(-1))}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={3}>{title}</Title>
      </Group>
      {right}
    </Group>
  );
}
