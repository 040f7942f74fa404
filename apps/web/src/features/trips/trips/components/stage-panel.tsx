import type { OtpStage, StateChangeWidget, TripState } from '@bhada/contracts/trips/trips';
import { Alert, Button, Card, Modal, PinInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { useAdvanceState } from '../api/advance-state.ts';
import { useStageOtp } from '../api/stage-otp.ts';
import { isStageGeoRefusal, StageOverrideModal } from './stage-override.tsx';

/** The state-change widget and the next step: a plain move, or the other party's OTP. */
export function StagePanel({ tripId, state, widget }: { tripId: string; state: TripState; widget: StateChangeWidget }) {
  const { t } = useTranslation('trips');
  const advance = useAdvanceState();
  const [otpStage, setOtpStage] = useState<OtpStage | null>(null);
  // a reached-point stage refused by the truck's position: the server's words, and the override form (ADR 270)
  const [refusal, setRefusal] = useState<string | null>(null);
  const next = widget.nextAction;
  // the POD step has its own uploader below
  const showButton = next && next.toState !== 'POD_SUBMITTED';

  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Title order={5}>{t(`widget.${state}.heading`)}</Title>
        <Text size="sm" c="dimmed">
          {t(`widget.${state}.description`)}
        </Text>
        {showButton ? (
          <Button
            loading={advance.isPending}
            onClick={() => {
              if (next.requiresOtp && next.otpStage) setOtpStage(next.otpStage);
              else
                advance.mutate(
                  { tripId, toState: next.toState, currentState: state },
                  {
                    onSuccess: () => toast({ msg: t('stateUpdated') }),
                    onError: (e) => {
                      if (isStageGeoRefusal(e)) setRefusal(e.message);
                    },
                  },
                );
            }}
          >
            {t(`actions.${next.toState}`)}
          </Button>
        ) : null}
      </Stack>
      {refusal && next ? (
        <StageOverrideModal
          tripId={tripId}
          state={state}
          toState={next.toState}
          refusal={refusal}
          pending={advance.isPending}
          error={advance.error && !isStageGeoRefusal(advance.error) ? advance.error.message : null}
          onClose={() => setRefusal(null)}
          onSubmit={(body) =>
            advance.mutate(body, {
              onSuccess: () => {
                setRefusal(null);
                toast({ msg: t('override.recorded') });
              },
            })
          }
        />
      ) : null}
      {otpStage ? <OtpModal tripId={tripId} stage={otpStage} onClose={() => setOtpStage(null)} /> : null}
    </Card>
  );
}

function OtpModal({ tripId, stage, onClose }: { tripId: string; stage: OtpStage; onClose: () => void }) {
  const { t } = useTranslation('trips');
  const navigate = useNavigate();
  const otp = useStageOtp();
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const error = otp.error && isApiError(otp.error) ? otp.error.message : otp.error ? t('somethingWentWrong') : null;

  const send = () => otp.mutate({ tripId, stage }, { onSuccess: (d) => setSentTo(d.sentTo) });
  const verify = () =>
    otp.mutate(
      { tripId, stage, otp: code },
      {
        onSuccess: (d) => {
          toast({ msg: t('otpVerified') });
          onClose();
          // spec §2: a correct OTP opens the v2 trip details
          if (d.widget?.redirectUrl) void navigate(d.widget.redirectUrl, { replace: true });
        },
        onError: () => setCode(''),
      },
    );

  return (
    <Modal opened onClose={onClose} title={t(`otp.title.${stage}`)} centered size="sm">
      <Stack gap="sm">
        <Text size="sm">{t(`otp.help.${stage}`)}</Text>
        {sentTo ? (
          <Text size="sm" c="teal">
            {t('otp.sentTo', { phone: sentTo })}
          </Text>
        ) : null}
        {!sentTo ? (
          <Button onClick={send} loading={otp.isPending}>
            {t('otp.send')}
          </Button>
        ) : (
          <>
            <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label={t('otp.enter')} size="md" />
            <Button onClick={verify} disabled={code.length !== 6} loading={otp.isPending}>
              {t('otp.verify')}
            </Button>
            <Button variant="subtle" size="xs" onClick={send} disabled={otp.isPending}>
              {t('otp.resend')}
            </Button>
          </>
        )}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </Modal>
  );
}
