import { RESOLUTION_OUTCOMES, type TicketDetail } from '@bhada/contracts/support/support';
import { Badge, Button, Card, Container, Grid, Group, SegmentedControl, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { useEventStream } from '../../../../lib/event-stream.ts';
import { supportKeys } from '../api/support-keys.ts';
import { useDeskAction, useDeskQueue, useTicket } from '../api/tickets.ts';
import { STATUS_COLORS, TicketThread } from '../components/ticket-thread.tsx';

const FILTERS = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED', 'ALL'] as const;

function DeskTicket({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation('support');
  const { assign, resolve } = useDeskAction(ticket.ticketId);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const open = ticket.status === 'OPEN' || ticket.status === 'IN_PROGRESS';
  const details = Object.entries(ticket.details).filter(([, v]) => v !== null && v !== '' && typeof v !== 'object');
  return (
    <Stack gap="sm">
      <Title order={4}>{ticket.subject}</Title>
      <Text size="xs" c="dimmed">
        {ticket.operatorId} · {t(`category.${ticket.category}`)} · {ticket.ticketId}
        {ticket.assignedTo ? ` · ${t('desk.assignedTo', { name: ticket.assignedTo })}` : ''}
      </Text>
      {details.length ? (
        <Card withBorder p="xs">
          {details.map(([k, v]) => (
            <Text key={k} size="xs">
              {k}: {String(v)}
            </Text>
          ))}
        </Card>
      ) : null}
      {open ? (
        <Group>
          <Button variant="light" h={44} loading={assign.isPending} onClick={() => assign.mutate()}>
            {t('desk.take')}
          </Button>
        </Group>
      ) : null}
      <TicketThread ticket={ticket} side="desk" />
      {open ? (
        <Card withBorder p="sm">
          <Stack gap="xs">
            <Select
              label={t('desk.outcome')}
              data={RESOLUTION_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
              value={outcome}
              onChange={setOutcome}
            />
            {ticket.category === 'FASTAG_DISPUTE' && outcome === 'OPERATOR_FAVOUR' ? (
              <Text size="xs" c="orange">
                {t('desk.creditNote')}
              </Text>
            ) : null}
            <Textarea label={t('desk.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={2000} minRows={2} />
            <Button
              h={44}
              color="teal"
              disabled={!outcome || !note.trim()}
              loading={resolve.isPending}
              onClick={() => outcome && resolve.mutate({ outcome: outcome as (typeof RESOLUTION_OUTCOMES)[number], note: note.trim() })}
            >
              {t('desk.resolve')}
            </Button>
          </Stack>
        </Card>
      ) : ticket.creditedTxnId ? (
        <Text size="sm" c="teal">
          {t('desk.credited', { txnId: ticket.creditedTxnId })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The support desk (ADR 120): the queue by status, oldest first with its age; a ticket's thread, assign, reply, resolve. */
export default function SupportDeskPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('desk.title'));
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('OPEN');
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useDeskQueue(status);
  const ticket = useTicket(selected, true);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: supportKeys.all });
  useEventStream('support:desk', true, { 'ticket.message': refresh, 'ticket.status': refresh });
  return (
    <Container size="xl" px="xs" py="sm">
      <Title order={3} mb="sm">
        {t('desk.title')}
      </Title>
      <SegmentedControl
        mb="sm"
        value={status}
        onChange={setStatus}
        data={FILTERS.map((f) => ({
          value: f,
          label: `${t(f === 'ALL' ? 'desk.all' : `status.${f}`)}${queue.data?.counts[f] ? ` (${queue.data.counts[f]})` : ''}`,
        }))}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <QueryState query={queue} isEmpty={(d) => d.tickets.length === 0} empty={<EmptyState text={t('desk.empty')} />}>
            {(data) => (
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('desk.ticket')}</Table.Th>
                    <Table.Th>{t('desk.age')}</Table.Th>
                    <Table.Th>{t('desk.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.tickets.map((row) => (
                    <Table.Tr
                      key={row.ticketId}
                      onClick={() => setSelected(row.ticketId)}
                      style={{ cursor: 'pointer' }}
                      bg={row.ticketId === selected ? 'blue.0' : undefined}
                    >
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {row.subject}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {row.operatorName} · {t(`category.${row.category}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{t('desk.hours', { count: Math.round(row.ageHours) })}</Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLORS[row.status]}>{t(`status.${row.status}`)}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </QueryState>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <QueryState query={ticket}>{(data) => <DeskTicket ticket={data} />}</QueryState>
          ) : (
            <EmptyState text={t('desk.pick')} />
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}
