import type { OtpDelivery } from '@bhada/contracts/account/auth';
import { DEMO_OTP } from '@bhada/contracts/constants';
import { Alert, Anchor, Box, Button, Center, Group, Paper, type PinInputProps, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LanguageToggle } from '../../../../components/language-toggle.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { config } from '../../../../lib/config.ts';
import { homeFor } from '../../../../lib/paths.ts';
import { storage } from '../../../../lib/storage.ts';
import { translateValidation } from '../../../../lib/validation-messages.ts';
import { getOtpDelivery } from '../api/get-otp-delivery.ts';
import { sendOtp } from '../api/send-otp.ts';
import { signIn } from '../api/verify-otp.ts';

/** How often the page asks how far the code has got, and for how long at most (issue 46). */
const DELIVERY_POLL_MS = 2_000;
const DELIVERY_POLL_LIMIT = 60;
const DELIVERY_COLOR: Record<OtpDelivery['state'], string> = {
  sending: 'dimmed',
  sent: 'dimmed',
  delivered: 'teal.8',
  not_delivered: 'red.8',
};

/** The request schemas (and zod with them) arrive when the first input is sent, not with the page (ADR 151). */
const authContracts = () => import('@bhada/contracts/account/auth');
/**
 * The code boxes are needed only at the second step: fetched while the code is being sent, and the step
 * opens once both are in, so the boxes are there (and focused) as before (ADR 170).
 */
let CodeInput: ComponentType<PinInputProps> | undefined;
async function loadCodeInput() {
  CodeInput ??= (await import('../components/code-input.tsx')).default;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  usePageTitle(t('auth:title'));
  const navigate = useNavigate();
  const location = useLocation();
  const [sending, setSending] = useState(false);
  // true from the code's submission until the page has moved on, so the stored token does not redirect early
  const [verifying, setVerifying] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [error, setError] = useState<string>();
  const [resendIn, setResendIn] = useState(0);
  const [requestId, setRequestId] = useState<string>();
  const [delivery, setDelivery] = useState<OtpDelivery>();

  // the code's delivery state, asked every 2 s until it is delivered or given up (or the page moves on)
  useEffect(() => {
    if (!requestId || step !== 'code') return;
    let stopped = false;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      polls += 1;
      try {
        const answer = await getOtpDelivery(requestId);
        if (stopped) return;
        setDelivery(answer);
        if (answer.state === 'delivered' || answer.state === 'not_delivered') return;
      } catch {
        // a missed poll is not an error the user can act on; the next one tries again
      }
      if (!stopped && polls < DELIVERY_POLL_LIMIT) timer = setTimeout(() => void poll(), DELIVERY_POLL_MS);
    };
    timer = setTimeout(() => void poll(), DELIVERY_POLL_MS / 2);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [requestId, step]);

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  if (storage.get('accessToken') && !verifying) return <Navigate to={homeFor(storage.get('menuType'))} replace />;

  const from = (location.state as { from?: string } | null)?.from;

  const requestCode = async () => {
    setError(undefined);
    const codeInputReady = loadCodeInput();
    // awaited below with the request; a failure before that (an invalid number) is not an error of its own
    codeInputReady.catch(() => undefined);
    const { sendOtpRequestSchema } = await authContracts();
    const parsed = sendOtpRequestSchema.safeParse({ phone });
    if (!parsed.success) {
      setError(translateValidation(t, parsed.error.issues[0]?.message));
      return;
    }
    setSending(true);
    try {
      const [sent] = await Promise.all([sendOtp(parsed.data), codeInputReady]);
      setStep('code');
      setCode('');
      setDelivery(undefined);
      setRequestId(sent.requestId);
      setResendIn(sent.resendAfterSeconds);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('common:somethingWentWrong'));
    } finally {
      setSending(false);
    }
  };

  const submitCode = async (otp: string) => {
    setError(undefined);
    const { verifyOtpRequestSchema } = await authContracts();
    const parsed = verifyOtpRequestSchema.safeParse({ phone, otp });
    if (!parsed.success) {
      setError(translateValidation(t, parsed.error.issues[0]?.message));
      return;
    }
    setVerifying(true);
    let session: Awaited<ReturnType<typeof signIn>>;
    try {
      session = await signIn(parsed.data);
    } catch (e) {
      setVerifying(false);
      setCode('');
      setError(e instanceof Error ? e.message : t('common:somethingWentWrong'));
      return;
    }
    await navigate(from ?? homeFor(session.menuType), { replace: true });
  };

  const onPhoneSubmit = (event: FormEvent) => {
    event.preventDefault();
    void requestCode();
  };
  const onCodeSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submitCode(code);
  };

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="lg" w="100%" maw={400}>
        <Group justify="space-between" mb="md">
          <Title order={2} c="indigo.9">
            {t('common:appName')}
          </Title>
          <LanguageToggle />
        </Group>
        <Title order={3} mb={4}>
          {t('auth:title')}
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          {step === 'phone' ? t('auth:subtitle') : t('auth:codeSentTo', { phone })}
        </Text>

        {error ? (
          <Alert color="red" mb="md" role="alert">
            {error}
          </Alert>
        ) : null}

        {step === 'phone' ? (
          <form onSubmit={onPhoneSubmit} noValidate>
            <Stack>
              <TextInput
                label={t('auth:phoneLabel')}
                placeholder={t('auth:phonePlaceholder')}
                leftSection={<Text size="sm">+91</Text>}
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                value={phone}
                onChange={(e) => setPhone(e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
                size="md"
                autoFocus
              />
              <Button type="submit" size="md" loading={sending} disabled={phone.length !== 10}>
                {t('auth:sendCode')}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={onCodeSubmit} noValidate>
            <Stack>
              <Box>
                <Text component="label" htmlFor="login-code" size="sm" fw={500} display="block" mb={6}>
                  {t('auth:codeLabel')}
                </Text>
                {CodeInput ? (
                  <CodeInput
                    id="login-code"
                    length={6}
                    type="number"
                    oneTimeCode
                    size="md"
                    value={code}
                    onChange={setCode}
                    onComplete={(value) => void submitCode(value)}
                    aria-label={t('auth:codeLabel')}
                    autoFocus
                  />
                ) : null}
              </Box>
              {delivery ? (
                <Text size="sm" c={DELIVERY_COLOR[delivery.state]} role="status" aria-live="polite">
                  {t(`auth:delivery.${delivery.state}`)}
                </Text>
              ) : null}
              {delivery?.whatsappOffered ? (
                <Alert color="teal" variant="light" role="note">
                  {t('auth:whatsappOffered')}
                </Alert>
              ) : null}
              <Button type="submit" size="md" loading={verifying} disabled={code.length !== 6}>
                {t('auth:verify')}
              </Button>
              <Group justify="space-between">
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setStep('phone');
                    setError(undefined);
                  }}
                >
                  {t('auth:changeNumber')}
                </Anchor>
                {resendIn > 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('auth:resendIn', { seconds: resendIn })}
                  </Text>
                ) : (
                  <Anchor component="button" type="button" size="sm" onClick={() => void requestCode()} disabled={sending}>
                    {t('auth:resend')}
                  </Anchor>
                )}
              </Group>
            </Stack>
          </form>
        )}

        {config.hideDemoHint ? null : (
          // The server refuses the demo code in production, so the hint can never open a real account.
          <Alert variant="light" color="indigo" mt="lg" role="note" icon={<IconInfoCircle size={18} />}>
            {t('auth:demoHint', { code: DEMO_OTP })}
          </Alert>
        )}
      </Paper>
    </Center>
  );
}

export default LoginPage;
