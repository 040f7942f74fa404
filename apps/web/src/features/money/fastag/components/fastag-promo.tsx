import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { config } from '../../../../lib/config.ts';

/** spec: fastag §2.5 — shown when the fleet has no tags and no search is active. */
export function FastagPromo() {
  const { t } = useTranslation('fastag');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" w="100%">
      <Stack align="flex-start">
        <Title order={2}>{t('promo.title')}</Title>
        <Text c="dimmed">{t('promo.claim')}</Text>
        <List
          spacing="sm"
          icon={
            <ThemeIcon color="teal" size={22} radius="xl">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          <List.Item>{t('promo.benefit1')}</List.Item>
          <List.Item>{t('promo.benefit2')}</List.Item>
          <List.Item>{t('promo.benefit3')}</List.Item>
        </List>
        {/* the request form's address is deployment config (ADR 046); without one, the helpline takes the request */}
        {config.fastagFormUrl ? (
          <Button component="a" href={config.fastagFormUrl} target="_blank" rel="noopener noreferrer">
            {t('promo.cta')}
          </Button>
        ) : (
          <Button component="a" href={`tel:${config.fastagHelpline.replace(/\s/g, '')}`} leftSection={<IconPhone size={16} />}>
            {t('promo.ctaCall', { number: config.fastagHelpline })}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
