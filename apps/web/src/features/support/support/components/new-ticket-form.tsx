import { TICKET_CATEGORIES, type TicketDetail } from '@bhada/contracts/support/support';
import { Button, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateTicket } from '../api/tickets.ts';

export type TicketContext = { vNum?: string; lane?: string; tripId?: string; q?: string; ref?: string };

/** Raise a ticket by hand, or from a screen's context (the chat page's query). */
export function NewTicketForm({ context = {}, onCreated }: { context?: TicketContext; onCreated: (ticket: TicketDetail) => void }) {
  const { t } = useTranslation('support');
  const create = useCreateTicket();
  const fromTrip = Boolean(context.tripId);
  const [category, setCategory] = useState<string | null>(fromTrip ? 'TRIP_DELAY' : null);
  const [subject, setSubject] = useState(context.q ?? '');
  const [message, setMessage] = useState('');
  const cleaned = Object.fromEntries(Object.entries(context).filter(([, v]) => v)) as TicketContext;

  const submit = async () => {
    if (!category) return;
    const ticket = await create.mutateAsync({
      category: category as (typeof TICKET_CATEGORIES)[number],
      referenceType: fromTrip ? 'TRIP' : 'NONE',
      referenceId: context.tripId,
      subject: subject.trim(),
      message: message.trim(),
      context: cleaned,
    });
    onCreated(ticket);
  };

  return (
    <Stack gap="sm">
      <Select
        label={t('new.category')}
        placeholder={t('new.pickCategory')}
        data={TICKET_CATEGORIES.filter((c) => c !== 'FASTAG_DISPUTE').map((c) => ({ value: c, label: t(`category.${c}`) }))}
        value={category}
        onChange={setCategory}
        allowDeselect={false}
      />
      <TextInput label={t('new.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={120} />
      <Textarea label={t('new.message')} value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={2000} minRows={3} />
      <Button
        h={44}
        loading={create.isPending}
        disabled={!category || subject.trim().length < 3 || !message.trim()}
        onClick={() => void submit().catch(() => undefined)}
      >
        {t('new.submit')}
      </Button>
    </Stack>
  );
}
