import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCallContact } from '../api/get-call-contact.ts';

/** Ask whom to call, then dial: a phone opens the dialler, a desktop shows the number to call. */
export function CallContact({ demandId }: { demandId: string }) {
  const { t } = useTranslation('quotes');
  const call = useCallContact();
  const contact = call.data;
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        leftSection={<IconPhone size={18} />}
        loading={call.isPending}
        mih={44}
        onClick={() =>
          call.mutate(demandId, {
            onSuccess: (c) => {
              window.location.href = `tel:${c.phoneNumber}`;
            },
          })
        }
      >
        {t('call.open')}
      </Button>
      {contact ? (
        <Group gap={6} data-testid="call-contact">
          <Text size="sm">{t('call.who', { name: contact.name })}</Text>
          <Anchor href={`tel:${contact.phoneNumber}`} size="sm" fw={700}>
            {contact.phoneNumber}
          </Anchor>
        </Group>
      ) : null}
      {call.isError ? (
        <Alert color="red" role="alert">
          {t('call.error')}
        </Alert>
      ) : null}
    </Stack>
  );
}
