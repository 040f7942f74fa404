import { ACTIVE_TRIP_STATES, type TripState } from '@bhada/contracts/trips/trips';
import { Alert, Anchor, Button, Card, Group, Image, Modal, Rating, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/http.ts';
import { snackbar, toast } from '../../../../lib/notify.ts';
import { useBilti, useNotifyConsigner, useSendFeedback, useSendStateAlert, useStageView } from '../api/trip-actions.ts';

/** spec §7 `v2/trip/{id}/notifyconsigner`: tell the point's contact where the truck is. */
export function NotifyConsignerButton({ tripId, state }: { tripId: string; state: TripState }) {
  const { t } = useTranslation('trips');
  const notify = useNotifyConsigner();
  if (!ACTIVE_TRIP_STATES.includes(state)) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconBell size={18} />}
      loading={notify.isPending}
      mih={44}
      onClick={() =>
        notify.mutate(
          { tripId },
          {
            onSuccess: () => toast({ msg: t('tripActions.notify.done') }),
            // a 400 (asked again too soon) is already in the snackbar with the server's words
            onError: (e) => {
              if (!(isApiError(e) && e.status === 400)) snackbar(t('somethingWentWrong'), 'error');
            },
          },
        )
      }
    >
      {t('tripActions.notify.open')}
    </Button>
  );
}

/** spec §7 `bilti/view-urls`: the lorry receipt's pages, signed for a few minutes. */
export function BiltiButton({ tripId }: { tripId: string }) {
  const { t } = useTranslation('trips');
  const [open, setOpen] = useState(false);
  const bilti = useBilti(tripId, open);
  return (
    <>
      <Button variant="default" leftSection={<IconFileText size={18} />} onClick={() => setOpen(true)} mih={44}>
        {t('tripActions.bilti.open')}
      </Button>
      {open ? (
        <Modal opened onClose={() => setOpen(false)} title={t('tripActions.bilti.title')} centered size="lg">
          {bilti.isPending ? (
            <Text size="sm">{t('tripActions.bilti.loading')}</Text>
          ) : bilti.isError ? (
            <Alert color="red" role="alert">
              {t('tripActions.bilti.error')}
            </Alert>
          ) : bilti.data.urls.length === 0 ? (
            <Text size="sm">{t('tripActions.bilti.none')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {bilti.data.urls.map((u, i) => (
                <Stack key={u.resourceKey} gap={4}>
                  <Image src={u.url} alt={t('tripActions.bilti.page', { n: i + 1 })} radius="sm" fit="contain" mah={320} />
                  <Anchor href={u.url} target="_blank" rel="noreferrer" size="sm">
                    {t('tripActions.bilti.openPage', { n: i + 1 })}
                  </Anchor>
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Modal>
      ) : null}
    </>
  );
}

const FEEDBACK_STATES: readonly TripState[] = ['POD_VERIFIED', 'COMPLETED'];

/** spec §7 `feedback-action`: a rating and a comment once the trip is done. */
export function TripFeedbackCard({ tripId, state }: { tripId: string; state: TripState }) {
  const { t } = useTranslation('trips');
  const send = useSendFeedback();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  if (!FEEDBACK_STATES.includes(state)) return null;
  if (send.isSuccess) {
    return (
      <Alert color="teal" role="status">
        {t('tripActions.feedback.thanks')}
      </Alert>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={2} size="h5" mb="xs">
        {t('tripActions.feedback.title')}
      </Title>
      <Stack gap="xs">
        <Rating
          value={rating}
          onChange={setRating}
          size="xl"
          aria-label={t('tripActions.feedback.rating')}
          getSymbolLabel={(v) => t('tripActions.feedback.stars', { count: v })}
        />
        <Textarea
          label={t('tripActions.feedback.comment')}
          value={comment}
          maxLength={1000}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
        {send.isError ? (
          <Alert color="red" role="alert">
            {t('somethingWentWrong')}
          </Alert>
        ) : null}
        <Button
          disabled={rating === 0}
          loading={send.isPending}
          mih={44}
          onClick={() =>
            send.mutate(
              { tripId, action: 'RATED', rating, comment: comment.trim() || undefined },
              { onSuccess: () => toast({ msg: t('tripActions.feedback.done') }) },
            )
          }
        >
          {t('tripActions.feedback.submit')}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * spec §7 `advance-state-view` and `state-change-alert`: the operator sees the stage as the server
 * has it now and can tell operations that it is wrong (the truck moved but the stage did not).
 */
export function StateAlertButton({ tripId, state }: { tripId: string; state: TripState }) {
  const { t } = useTranslation('trips');
  const [open, setOpen] = useState(false);
  const view = useStageView(tripId, open);
  const alert = useSendStateAlert();
  const [message, setMessage] = useState('');
  if (!ACTIVE_TRIP_STATES.includes(state)) return null;
  const current = (view.data?.state ?? state) as TripState;
  return (
    <>
      <Button variant="subtle" color="orange" leftSection={<IconAlertTriangle size={18} />} onClick={() => setOpen(true)} mih={44}>
        {t('tripActions.alert.open')}
      </Button>
      {open ? (
        <Modal opened onClose={() => setOpen(false)} title={t('tripActions.alert.title')} centered>
          <Stack gap="sm">
            <Card withBorder padding="xs" radius="sm" data-testid="stage-view">
              <Text size="sm" fw={600}>
                {view.data ? t(`widget.${current}.heading`) : t('tripActions.bilti.loading')}
              </Text>
              {view.data ? <Text size="sm">{t(`widget.${current}.description`)}</Text> : null}
            </Card>
            <Textarea
              label={t('tripActions.alert.message')}
              value={message}
              maxLength={500}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
            {alert.isError ? (
              <Alert color="red" role="alert">
                {isApiError(alert.error) && alert.error.status === 400 ? alert.error.message : t('somethingWentWrong')}
              </Alert>
            ) : null}
            <Group grow>
              <Button
                disabled={!view.data}
                loading={alert.isPending}
                mih={44}
                onClick={() =>
                  alert.mutate(
                    { tripId, state: current, message: message.trim() },
                    {
                      onSuccess: () => {
                        toast({ msg: t('tripActions.alert.done') });
                        setOpen(false);
                      },
                    },
                  )
                }
              >
                {t('tripActions.alert.submit')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
