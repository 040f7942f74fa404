import { Alert, Button, Container, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { paths } from '../../../../lib/paths.ts';
import { useCloseTicket, useTicket } from '../api/tickets.ts';
import { NewTicketForm, type TicketContext } from '../components/new-ticket-form.tsx';
import { TicketThread } from '../components/ticket-thread.tsx';

/**
 * spec §2 /app/caraxes/marketplace/tickets/chat?ticketId&vNum&lane|tripId&q&ref: opens the ticket's
 * thread, or starts a ticket with the query's context.
 */
export default function TicketChatPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('chat.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ticketId = params.get('ticketId');
  const ticket = useTicket(ticketId);
  const close = useCloseTicket(ticketId ?? '');
  const context: TicketContext = {
    vNum: params.get('vNum') ?? undefined,
    lane: params.get('lane') ?? undefined,
    tripId: params.get('tripId') ?? undefined,
    q: params.get('q') ?? undefined,
    ref: params.get('ref') ?? undefined,
  };
  const shown = Object.entries(context).filter(([, v]) => v);

  return (
    <Container size="xs" px="xs" py="sm">
      <BackHeader title={ticket.data?.subject ?? t('chat.title')} to={paths.tickets} />
      {ticketId ? (
        <QueryState query={ticket}>
          {(data) => (
            <Stack gap="sm">
              <Text size="xs" c="dimmed">
                {t(`category.${data.category}`)} · {data.ticketId}
              </Text>
              {data.outcome ? (
                <Alert color={data.outcome === 'OPERATOR_FAVOUR' ? 'teal' : 'gray'}>{t(`outcome.${data.outcome}`)}</Alert>
              ) : null}
              <TicketThread ticket={data} side="operator" />
              {data.status === 'OPEN' || data.status === 'IN_PROGRESS' ? (
                <Button variant="subtle" color="gray" h={44} loading={close.isPending} onClick={() => close.mutate()}>
                  {t('chat.close')}
                </Button>
              ) : null}
            </Stack>
          )}
        </QueryState>
      ) : (
        <Stack gap="sm">
          {shown.length ? (
            <List size="sm">
              {shown.map(([k, v]) => (
                <List.Item key={k}>
                  {t(`chat.context.${k}`)}: {v}
                </List.Item>
              ))}
            </List>
          ) : null}
          <NewTicketForm
            context={context}
            onCreated={(created) =>
              void navigate(`${paths.ticketsChat}?ticketId=${encodeURIComponent(created.ticketId)}`, { replace: true })
            }
          />
        </Stack>
      )}
    </Container>
  );
}
