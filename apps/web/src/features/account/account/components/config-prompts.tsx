import { vehicleAvailabilitySchema } from '@bhada/contracts/account/account';
import { Alert, Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../../../lib/http.ts';
import { useFeatureTexts } from '../../../../lib/i18n.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useStored } from '../../../../lib/storage.ts';
import { accountKeys } from '../api/account-keys.ts';
import { useAppConfig } from '../api/get-app-config.ts';
import { useProfile } from '../api/get-profile.ts';

/** The operator's app config, read only for operators (consigners and admins have none). */
export function useOperatorAppConfig() {
  const isOperator = useStored('menuType') === 'OPERATOR';
  const config = useAppConfig(isOperator);
  return isOperator ? config.data : undefined;
}

/**
 * The bottom warning banner (app config `showWarningBottomBanner`): shown while the operator's account
 * is not verified, since payments to it wait until PAN and a bank account are on file. It is fixed to
 * the bottom of the screen, so its arrival moves nothing on the page.
 */
export function WarningBottomBanner() {
  const { t } = useTranslation('account');
  const config = useOperatorAppConfig();
  const profile = useProfile(Boolean(config?.showWarningBottomBanner));
  const operatorId = useStored('operatorId');
  const shown = Boolean(config?.showWarningBottomBanner && profile.data && profile.data.verification !== 'VERIFIED');
  // the shell shows this banner on every page: the account's texts come with it, not with each page
  const textsReady = useFeatureTexts('account', shown);
  if (!shown || !textsReady) return null;
  return (
    <>
      {/* room at the end of the page, so the fixed banner never covers its last controls */}
      <Box h={96} aria-hidden />
      <Paper
        role="region"
        aria-label={t('configPrompts.bannerTitle')}
        shadow="md"
        p="sm"
        radius={0}
        bg="yellow.1"
        style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 150, borderTop: '2px solid var(--mantine-color-yellow-6)' }}
      >
        <Group justify="space-between" wrap="wrap" gap="xs" maw={960} mx="auto">
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={20} aria-hidden color="var(--mantine-color-yellow-9)" />
            <Text size="sm" c="dark.8">
              {t('configPrompts.bannerText')}
            </Text>
          </Group>
          <Button
            component={Link}
            to={operatorId ? pathWith(paths.onboardingOperator, { id: operatorId }) : paths.operatorProfile}
            size="sm"
            h={44}
            color="yellow.9"
          >
            {t('configPrompts.bannerAction')}
          </Button>
        </Group>
      </Paper>
    </>
  );
}

/** The vehicle availability card (app config `show_vehicle_availability_card`): free trucks, and loads for them. */
export function VehicleAvailabilityCard() {
  const { t } = useTranslation('account');
  const isOperator = useStored('menuType') === 'OPERATOR';
  const card = useQuery({
    queryKey: [...accountKeys.all, 'vehicle-availability'],
    queryFn: ({ signal }) =>
      http.get('/api/odin/operator-web/services/info/show-vehicle-availability', { schema: vehicleAvailabilitySchema, signal }),
    enabled: isOperator,
  });
  if (!card.data?.show) return null;
  const { freeVehicles, totalVehicles } = card.data;
  return (
    <Alert
      color={freeVehicles > 0 ? 'teal' : 'gray'}
      icon={<IconTruck size={20} aria-hidden />}
      role="region"
      aria-label={t('configPrompts.cardTitle')}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('configPrompts.cardTitle')}
        </Title>
        <Text size="sm">{t('configPrompts.cardText', { free: freeVehicles, total: totalVehicles })}</Text>
        {freeVehicles > 0 ? (
          <Anchor component={Link} to={paths.activeLoads} fw={600} py={10}>
            {t('configPrompts.cardAction')}
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}
