import type { TicketDetail } from '@bhada/contracts/support/support';
import { Badge, Button, Card, FileButton, Group, Image, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventStream } from '../../../../lib/event-stream.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { supportKeys } from '../api/support-keys.ts';
import { useSendMessage } from '../api/tickets.ts';

export const STATUS_COLORS: Record<string, string> = { OPEN: 'blue', IN_PROGRESS: 'orange', RESOLVED: 'teal', CLOSED: 'gray' };

/**
 * A ticket's thread with its composer; it follows the ticket live, so a reply from the other side
 * appears without a reload. Messages are plain text: React renders them as text, never as markup.
 */
export function TicketThread({ ticket, side }: { ticket: TicketDetail; side: 'operator' | 'desk' }) {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const send = useSendMessage(ticket.ticketId, side === 'desk');
  const open = ticket.status === 'OPEN' || ticket.status === 'IN_PROGRESS';
  const refresh = () => void queryClient.invalidateQueries({ queryKey: supportKeys.all });
  const { live } = useEventStream(`ticket:${ticket.ticketId}`, true, { 'ticket.message': refresh, 'ticket.status': refresh });
  const mine = side === 'operator' ? 'OPERATOR' : 'SUPPORT';

  const submit = async () => {
    await send.mutateAsync({ message: text.trim(), files });
    setText('');
    setFiles([]);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Badge color={STATUS_COLORS[ticket.status]}>{t(`status.${ticket.status}`)}</Badge>
        {live ? (
          <Text size="xs" c="teal">
            {t('thread.live')}
          </Text>
        ) : null}
      </Group>
      {ticket.messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('thread.empty')}
        </Text>
      ) : null}
      <Stack gap="xs" aria-label={t('thread.messages')} role="log">
        {ticket.messages.map((m) => (
          <Paper
            key={m.messageId}
            p="xs"
            radius="md"
            withBorder
            bg={m.author === mine ? 'blue.0' : m.author === 'SYSTEM' ? 'gray.0' : undefined}
            ml={m.author === mine ? 'xl' : 0}
            mr={m.author === mine ? 0 : 'xl'}
          >
            <Text size="xs" c="dimmed">
              {m.author === 'SUPPORT' ? t('thread.support') : m.authorName} · {formatDateTime(m.createdAt)}
            </Text>
            {m.body ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Text>
            ) : null}
            {m.attachments.map((a) => (
              <a key={a.resourceKey} href={a.viewUrl} target="_blank" rel="noreferrer">
                <Image src={a.viewUrl} alt={t('thread.photo')} mah={180} w="auto" fit="contain" mt={4} />
              </a>
            ))}
          </Paper>
        ))}
      </Stack>
      {open ? (
        <Card withBorder p="xs">
          <Stack gap="xs">
            <Textarea
              label={t('thread.write')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={2000}
              minRows={2}
            />
            <Group justify="space-between">
              <FileButton onChange={(picked) => setFiles(picked.slice(0, 3))} accept="image/png,image/jpeg,image/webp,image/heic" multiple>
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconPaperclip size={16} />} h={44}>
                    {files.length ? t('thread.photos', { count: files.length }) : t('thread.attach')}
                  </Button>
                )}
              </FileButton>
              <Button
                h={44}
                leftSection={<IconSend size={16} />}
                loading={send.isPending}
                disabled={!text.trim() && files.length === 0}
                onClick={() => void submit().catch(() => undefined)}
              >
                {t('thread.send')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Text size="sm" c="dimmed">
          {t('thread.closed')}
        </Text>
      )}
    </Stack>
  );
}
