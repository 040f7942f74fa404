import { REFERRAL_TOASTER_MS, type ReferralForm } from '@bhada/contracts/support/support';
import { Alert, Button, Container, Group, NumberInput, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { notify } from '../../../../lib/notify.ts';
import { useJoinReferral } from '../api/engagement.ts';

type State = 'idle' | 'saving' | 'code' | 'joined' | 'error';

/** spec fastag §2.4 /web-view/referral/join?code: the public join form (spec §4: saving → joined or error; toaster 3 s). */
export default function ReferralJoinPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('join.title'));
  const [params] = useSearchParams();
  const join = useJoinReferral();
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState<string>();
  const [form, setForm] = useState<{ name: string; phone: string; city: string; fleetSize: number }>({
    name: '',
    phone: '',
    city: '',
    fleetSize: 1,
  });
  const code = params.get('code') ?? '';
  // the number is taken only with the code sent to it (ADR 302): the first answer asks for that code
  const [askedCode, setAskedCode] = useState(false);
  const [otp, setOtp] = useState('');

  const submit = async (withCode?: string) => {
    setState('saving');
    setError(undefined);
    try {
      const done = await join.mutateAsync({ ...form, code, ...(withCode ? { otp: withCode } : {}) } satisfies ReferralForm);
      if (done.status === 'CODE_SENT') {
        setAskedCode(true);
        setOtp('');
        setState('code');
        return;
      }
      setState('joined');
      notify.toast({ msg: t('join.joined'), timeout: REFERRAL_TOASTER_MS });
    } catch (e) {
      setState(askedCode ? 'code' : 'error');
      const message = isApiError(e) && e.status === 400 ? e.message : t('join.failed');
      setError(message);
      notify.toast({ msg: message, timeout: REFERRAL_TOASTER_MS, success: false });
    }
  };

  if (state === 'joined') {
    return (
      <Container size="xs" px="xs" py="xl">
        <Alert color="teal" title={t('join.thanks')}>
          {t('join.joined')}
        </Alert>
      </Container>
    );
  }
  if (askedCode) {
    return (
      <Container size="xs" px="xs" py="sm">
        <Title order={3}>{t('join.title')}</Title>
        <Stack gap="sm" mt="sm">
          <Text>{t('join.codeSent', { phone: form.phone })}</Text>
          <Text fw={500} size="sm" aria-hidden>
            {t('join.otp')}
          </Text>
          <PinInput length={6} type="number" oneTimeCode size="lg" value={otp} onChange={setOtp} ariaLabel={t('join.otp')} />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button h={44} loading={state === 'saving'} disabled={otp.length !== 6} onClick={() => void submit(otp)}>
            {t('join.confirm')}
          </Button>
          <Group grow>
            <Button h={44} variant="default" disabled={state === 'saving'} onClick={() => void submit()}>
              {t('join.newCode')}
            </Button>
            <Button
              h={44}
              variant="subtle"
              onClick={() => {
                setAskedCode(false);
                setError(undefined);
                setState('idle');
              }}
            >
              {t('join.changeNumber')}
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }
  return (
    <Container size="xs" px="xs" py="sm">
      <Title order={3}>{t('join.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('join.intro')}
      </Text>
      {!code ? <Alert color="orange">{t('join.noCode')}</Alert> : null}
      <Stack gap="sm">
        <TextInput
          label={t('join.name')}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          maxLength={80}
        />
        <TextInput
          label={t('join.phone')}
          value={form.phone}
          inputMode="numeric"
          maxLength={10}
          onChange={(e) => setForm({ ...form, phone: e.currentTarget.value.replace(/\D/g, '') })}
        />
        <TextInput
          label={t('join.city')}
          value={form.city}
          onChange={(e) => setForm({ ...form, city: e.currentTarget.value })}
          maxLength={60}
        />
        <NumberInput
          label={t('join.fleetSize')}
          min={1}
          max={10000}
          value={form.fleetSize}
          onChange={(v) => setForm({ ...form, fleetSize: Number(v) || 1 })}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button
          h={44}
          loading={state === 'saving'}
          disabled={!code || form.name.trim().length < 2 || form.phone.length !== 10 || form.city.trim().length < 2}
          onClick={() => void submit()}
        >
          {t('join.submit')}
        </Button>
      </Stack>
    </Container>
  );
}
