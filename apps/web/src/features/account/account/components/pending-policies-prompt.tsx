import { pendingPoliciesSchema, policyStatusSchema } from '@bhada/contracts/account/account';
import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../lib/http.ts';
import { useFeatureTexts } from '../../../../lib/i18n.ts';
import { paths, pathWith } from '../../../../lib/paths.ts';
import { useStored } from '../../../../lib/storage.ts';
import { contentOf } from '../policy-content.ts';

const PENDING_KEY = ['account', 'policies', 'pending'] as const;

/**
 * After login an operator is asked to accept the policies whose version in force it has not accepted
 * (a new version asks again). Consigners and admins are not asked.
 */
export function PendingPoliciesPrompt() {
  const { t } = useTranslation('account');
  const menuType = useStored('menuType');
  const qc = useQueryClient();
  const [failed, setFailed] = useState(false);
  const [later, setLater] = useState(false);
  const pending = useQuery({
    queryKey: PENDING_KEY,
    queryFn: ({ signal }) => http.get('/api/policy/pending', { schema: pendingPoliciesSchema, signal }),
    enabled: menuType === 'OPERATOR',
    retry: false,
  });
  const accept = useMutation({
    mutationFn: async (items: Array<{ type: string; version: number }>) => {
      for (const item of items) await http.post('/api/policy', item, { schema: policyStatusSchema, quiet400: true });
    },
    meta: { quiet: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: PENDING_KEY }),
    onError: () => setFailed(true),
  });
  const items = pending.data?.pending ?? [];
  const shown = menuType === 'OPERATOR' && items.length > 0 && !later;
  // asked on any page of the shell: the account's texts come with the prompt, not with each page
  const textsReady = useFeatureTexts('account', shown);
  if (!shown || !textsReady) return null;

  // a banner, not a modal: the operator can read the policies first and is asked again at the next login
  return (
    <Alert color="blue" title={t('policies.acceptTitle')} mb="md" role="region" aria-label={t('policies.acceptTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('policies.acceptIntro')}</Text>
        <List spacing={4}>
          {items.map((p) => {
            const c = contentOf(p.type);
            const audience = c?.audience ? t(`policies.audience.${c.audience}`) : undefined;
            return (
              <List.Item key={p.type}>
                <Anchor href={pathWith(paths.publicPolicy, { type: p.type })} target="_blank" rel="noreferrer">
                  {c ? t(`policies.${c.key}.title`, { audience }) : p.type}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {t('policies.version', { version: p.version })}
                </Text>
              </List.Item>
            );
          })}
        </List>
        {failed ? (
          <Text size="sm" c="red">
            {t('policies.acceptFailed')}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button mih={44} loading={accept.isPending} onClick={() => accept.mutate(items)}>
            {t('policies.accept')}
          </Button>
          <Button mih={44} variant="subtle" onClick={() => setLater(true)}>
            {t('policies.later')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
