import { Anchor, Badge, Button, Card, Container, Group, Modal, Pagination, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { paths } from '../../../../lib/paths.ts';
import { TICKETS_PAGE_SIZE, useTickets } from '../api/tickets.ts';
import { NewTicketForm } from '../components/new-ticket-form.tsx';
import { STATUS_COLORS } from '../components/ticket-thread.tsx';

const chatUrl = (ticketId: string) => `${paths.ticketsChat}?ticketId=${encodeURIComponent(ticketId)}`;

/** spec fastag §2.4 /web-view/tickets: my tickets, newest activity first, and raising a new one. */
export default function TicketsPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('tickets.title'));
  const [pageNo, setPageNo] = useState(0);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const tickets = useTickets(pageNo);
  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader
        title={t('tickets.title')}
        right={
          <Button h={44} leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('tickets.new')}
          </Button>
        }
      />
      <Anchor component={Link} to={paths.survey} size="sm" display="block" mb="sm">
        {t('tickets.feedback')}
      </Anchor>
      <QueryState query={tickets} isEmpty={(d) => d.tickets.length === 0} empty={<EmptyState text={t('tickets.empty')} />}>
        {(data) => (
          <Stack gap="xs">
            {data.tickets.map((ticket) => (
              <Card key={ticket.ticketId} withBorder component={Link} to={chatUrl(ticket.ticketId)} p="sm" mih={44}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2}>
                    <Text fw={600} size="sm">
                      {ticket.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`category.${ticket.category}`)} · {ticket.ticketId} · {formatDateTime(ticket.lastMessageAt ?? ticket.createdAt)}
                    </Text>
                  </Stack>
                  <Badge color={STATUS_COLORS[ticket.status]}>{t(`status.${ticket.status}`)}</Badge>
                </Group>
              </Card>
            ))}
            {data.totalCount > TICKETS_PAGE_SIZE ? (
              <Pagination total={Math.ceil(data.totalCount / TICKETS_PAGE_SIZE)} value={pageNo + 1} onChange={(p) => setPageNo(p - 1)} />
            ) : null}
          </Stack>
        )}
      </QueryState>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('tickets.new')}>
        <NewTicketForm onCreated={(ticket) => void navigate(chatUrl(ticket.ticketId))} />
      </Modal>
    </Container>
  );
}
