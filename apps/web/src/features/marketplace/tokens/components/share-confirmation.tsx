import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';
import { useShareLink } from '../api/share-link.ts';

/** The operator makes a signed link (ADR 142) and copies or shares it with the consigner or driver. */
export function ShareConfirmation({ demandId }: { demandId: string }) {
  const { t } = useTranslation('tokens');
  const share = useShareLink();
  const url = share.data ? new URL(share.data.path, window.location.origin).toString() : null;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Stack gap="xs">
      {!url ? (
        <Button
          variant="default"
          leftSection={<IconShare size={18} />}
          loading={share.isPending}
          mih={44}
          onClick={() => share.mutate(demandId)}
        >
          {t('share.make')}
        </Button>
      ) : (
        <>
          <TextInput label={t('share.link')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="share-link" />
          <Group grow>
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<IconCopy size={18} />} onClick={copy} mih={44}>
                  {copied ? t('share.copied') : t('share.copy')}
                </Button>
              )}
            </CopyButton>
            {canShare ? (
              <Button
                variant="light"
                leftSection={<IconShare size={18} />}
                mih={44}
                onClick={() => void navigator.share({ title: t('confirmationTitle'), url }).catch(() => undefined)}
              >
                {t('share.share')}
              </Button>
            ) : null}
          </Group>
          <Text size="sm">{t('share.validUntil', { when: formatDateTime(share.data!.expiresAt) })}</Text>
        </>
      )}
      {share.isError ? (
        <Alert color="red" role="alert">
          {t('share.failed')}
        </Alert>
      ) : null}
    </Stack>
  );
}
