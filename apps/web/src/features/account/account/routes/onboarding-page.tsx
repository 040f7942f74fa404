import { pendingPoliciesSchema } from '@bhada/contracts/account/account';
import { Alert, Button, Container, Group, Stack, Stepper, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { http } from '../../../../lib/http.ts';
import { paths } from '../../../../lib/paths.ts';
import { useDeclarations, useProfile } from '../api/account-api.ts';

/**
 * spec fastag §2.4 /web-view/onboarding-operator/{id}: a new operator's steps. Each step's progress is the
 * saved data itself (profile, PAN and bank, vehicles, TDS declaration, accepted policies), so leaving and
 * coming back resumes at the first step not done.
 */
export default function OnboardingPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('onboarding.title'));
  const { id } = useParams();
  const profile = useProfile();
  const declarations = useDeclarations();
  const pending = useQuery({
    queryKey: ['account', 'policies', 'pending'],
    queryFn: ({ signal }) => http.get('/api/policy/pending', { schema: pendingPoliciesSchema, signal }),
  });
  const unsubscribe = useMutation({
    mutationFn: () =>
      http.post('/api/rest/tesseract/v1/profile/onboarding/unsubsribe', undefined, { schema: z.object({ unsubscribed: z.boolean() }) }),
  });

  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('onboarding.title')} />
      <QueryState query={profile}>
        {(p) => {
          if (id && id !== p.operatorId) return <Alert color="red">{t('onboarding.notYours')}</Alert>;
          const steps = [
            { key: 'company', done: Boolean(p.companyName && p.ownerName && p.email), to: paths.operatorProfile },
            { key: 'pan', done: Boolean(p.pan && p.bank), to: paths.operatorProfile },
            // vehicles are added in the fleet area's screens
            { key: 'vehicle', done: p.fleetSize > 0, to: undefined },
            { key: 'tds', done: Boolean(declarations.data?.tdsDeclared), to: paths.operatorTdsDeclaration },
            { key: 'policies', done: pending.data ? pending.data.pending.length === 0 : false, to: '/public/policies' },
          ];
          const active = steps.findIndex((s) => !s.done);
          return (
            <Stack gap="md">
              {active === -1 ? (
                <Alert color="green" title={t('onboarding.doneTitle')}>
                  {p.verification === 'VERIFIED' ? t('onboarding.verified') : t('onboarding.pendingVerification')}
                </Alert>
              ) : null}
              <Stepper active={active === -1 ? steps.length : active} orientation="vertical" allowNextStepsSelect={false}>
                {steps.map((s) => (
                  <Stepper.Step
                    key={s.key}
                    label={t(`onboarding.steps.${s.key}.label`)}
                    description={
                      <Stack gap={4} align="flex-start">
                        <Text size="sm">{t(`onboarding.steps.${s.key}.help`)}</Text>
                        {!s.done && s.to ? (
                          <Button component={Link} to={s.to} size="xs" variant="light" mih={44}>
                            {t('onboarding.open')}
                          </Button>
                        ) : null}
                      </Stack>
                    }
                  />
                ))}
              </Stepper>
              <Group>
                <Button variant="subtle" color="gray" mih={44} disabled={unsubscribe.isSuccess} onClick={() => unsubscribe.mutate()}>
                  {unsubscribe.isSuccess ? t('onboarding.unsubscribed') : t('onboarding.unsubscribe')}
                </Button>
              </Group>
            </Stack>
          );
        }}
      </QueryState>
    </Container>
  );
}
