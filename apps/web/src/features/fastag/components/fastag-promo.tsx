import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An external form where the fleet owner asks for tags (the spec links out; its address is not shown). */
export const GET_FASTAG_FORM_URL = 'https://forms.gle/bhada-fastag';

/** spec: fastag §2.5 — shown when the fleet has no tags and no search is active. */
export function FastagPromo() {
  const { t } = useTranslation('fastag');
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto">
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
        <Button component="a" href={GET_FASTAG_FORM_URL} target="_blank" rel="noopener noreferrer">
          {t('promo.cta')}
        </Button>
      </Stack>
    </Paper>
  );
}
