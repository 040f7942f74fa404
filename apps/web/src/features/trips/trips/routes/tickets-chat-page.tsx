import { Alert, Anchor, Container, List, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { config } from '../../../../lib/config.ts';
import { useUpdateChatVariables } from '../api/chat-variables.ts';

/**
 * spec §2: /app/caraxes/marketplace/tickets/chat?ticketId&vNum&lane|tripId&q&ref. The live chat
 * runs in the native app; here we record the trip context for the support session and show how
 * to reach support.
 */
export default function TicketsChatPage() {
  const { t } = useTranslation('trips');
  usePageTitle(t('chat.title'));
  const [params] = useSearchParams();
  const tripId = params.get('tripId');
  const update = useUpdateChatVariables();
  const { mutate } = update;
  useEffect(() => {
    if (tripId)
      mutate({ tripId, referenceId: params.get('ticketId') ?? params.get('ref') ?? undefined, actionType: params.get('q') ?? 'TRIP_HELP' });
  }, [tripId, params, mutate]);
  const rows: Array<[string, string | null]> = [
    [t('chat.ticket'), params.get('ticketId')],
    [t('chat.vehicle'), params.get('vNum')],
    [t('chat.lane'), params.get('lane')],
    [t('chat.trip'), tripId],
    [t('chat.question'), params.get('q')],
  ];
  return (
    <Container size="xs" px="xs" py="sm">
      <BackHeader title={t('chat.title')} />
      <Stack gap="sm">
        <List size="sm">
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <List.Item key={k}>
                {k}: {v}
              </List.Item>
            ))}
        </List>
        {update.isSuccess ? (
          <Text size="sm" c="teal">
            {t('chat.contextSaved')}
          </Text>
        ) : null}
        <Alert color="blue">
          {t('chat.howTo')} {config.helpline ? <Anchor href={`tel:${config.helpline}`}>{config.helpline}</Anchor> : null}
        </Alert>
      </Stack>
    </Container>
  );
}
