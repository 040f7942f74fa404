import { type Profile, type ProfileUpdate, profileUpdateSchema } from '@bhada/contracts/account/account';
import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { zodResolver } from '../../../../lib/form.ts';
import { formatDate } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { paths } from '../../../../lib/paths.ts';
import { useProfile, useSetOperative, useUpdateProfile } from '../api/account-api.ts';
import { accountMessage } from '../messages.ts';

type Values = {
  companyName: string;
  ownerName: string;
  email: string;
  city: string;
  pan: string;
  gstin: string;
  bank: { accountName: string; accountNumber: string; ifsc: string };
};

const blankToNull = (s: string) => (s.trim() ? s.trim() : null);

/** The form's text fields as the contract's update: an empty optional field clears it. */
export function toUpdate(v: Values): ProfileUpdate {
  const bankGiven = Object.values(v.bank).some((s) => s.trim());
  return {
    companyName: v.companyName.trim(),
    ownerName: v.ownerName.trim(),
    email: blankToNull(v.email),
    city: blankToNull(v.city),
    pan: blankToNull(v.pan),
    gstin: blankToNull(v.gstin),
    ...(bankGiven ? { bank: { ...v.bank } } : {}),
  };
}

const valuesOf = (p: Profile): Values => ({
  companyName: p.companyName,
  ownerName: p.ownerName,
  email: p.email ?? '',
  city: p.city ?? '',
  pan: p.pan ?? '',
  gstin: p.gstin ?? '',
  bank: { accountName: p.bank?.accountName ?? '', accountNumber: '', ifsc: p.bank?.ifsc ?? '' },
});

const VERIFICATION_COLOR = { VERIFIED: 'green', PENDING: 'yellow', UNVERIFIED: 'gray' } as const;

function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const translate = (m: string) => accountMessage(t, m);
  const form = useForm<Values>({
    initialValues: valuesOf(profile),
    validate: (values) => zodResolver(profileUpdateSchema, translate)(toUpdate(values)),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(toUpdate(values));
      form.setValues(valuesOf(saved));
      toast({ msg: t('profile.saved') });
    } catch (e) {
      if (isApiError(e) && e.field) form.setFieldError(e.field, translate(e.message));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={5}>{t('profile.company')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('profile.companyName')} {...form.getInputProps('companyName')} />
          <TextInput label={t('profile.ownerName')} {...form.getInputProps('ownerName')} />
          <TextInput label={t('profile.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('profile.city')} {...form.getInputProps('city')} />
          <TextInput label={t('profile.pan')} placeholder="ABCDE1234F" maxLength={10} {...form.getInputProps('pan')} />
          <TextInput label={t('profile.gstin')} placeholder="08ABCDE1234F1Z5" maxLength={15} {...form.getInputProps('gstin')} />
        </SimpleGrid>
        <Title order={5}>{t('profile.bank')}</Title>
        {profile.bank ? (
          <Text size="sm" c="dimmed">
            {t('profile.bankOnFile', { number: profile.bank.accountNumberMasked, ifsc: profile.bank.ifsc })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('profile.accountName')} {...form.getInputProps('bank.accountName')} />
          <TextInput label={t('profile.accountNumber')} inputMode="numeric" {...form.getInputProps('bank.accountNumber')} />
          <TextInput label={t('profile.ifsc')} placeholder="SBIN0001234" maxLength={11} {...form.getInputProps('bank.ifsc')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} mih={44}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** spec fastag §2.4 /web-view/operatorProfile: company, owner, compliance, settlement account, fleet. */
export default function OperatorProfilePage() {
  const { t } = useTranslation('account');
  usePageTitle(t('profile.title'));
  const profile = useProfile();
  const operative = useSetOperative();
  const [operativeError, setOperativeError] = useState(false);

  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('profile.title')} />
      <QueryState query={profile}>
        {(p) => (
          <Stack gap="md">
            <Card withBorder radius="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap">
                  <Title order={4}>{p.companyName}</Title>
                  <Badge color={VERIFICATION_COLOR[p.verification]} leftSection={<IconCircleCheck size={14} />}>
                    {t(`profile.verification.${p.verification}`)}
                  </Badge>
                </Group>
                <Text size="sm">
                  {p.ownerName} · {p.phone}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('profile.fleetSize', { count: p.fleetSize })}
                  {' · '}
                  {p.membership.active && p.membership.activeUntil
                    ? t('profile.memberUntil', { date: formatDate(p.membership.activeUntil) })
                    : t('profile.notMember')}
                </Text>
                <Switch
                  mt="xs"
                  size="md"
                  checked={p.operative}
                  label={t('profile.operative')}
                  description={t('profile.operativeHelp')}
                  disabled={operative.isPending}
                  onChange={(e) => {
                    setOperativeError(false);
                    operative.mutate(e.currentTarget.checked, { onError: () => setOperativeError(true) });
                  }}
                />
                {operativeError ? (
                  <Text size="sm" c="red">
                    {t('profile.operativeFailed')}
                  </Text>
                ) : null}
              </Stack>
            </Card>
            <Alert
              color={p.tdsDeclared ? 'green' : 'orange'}
              icon={<IconFileCertificate size={18} />}
              title={p.tdsDeclared ? t('profile.tdsDeclared') : t('profile.tdsMissing')}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{p.tdsDeclared ? t('profile.tdsDeclaredHelp') : t('profile.tdsMissingHelp')}</Text>
                <Button component={Link} to={paths.operatorTdsDeclaration} size="xs" variant="light" mih={44}>
                  {t('profile.tdsOpen')}
                </Button>
              </Stack>
            </Alert>
            <Card withBorder radius="md">
              <ProfileForm profile={p} />
            </Card>
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
