import { formatRupees } from '@bhada/contracts/money/amounts';
import { Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useDecideRateCard, useRateCardQueue } from '../api/admin.ts';

/** Admin: rate cards submitted for review, approved or rejected with a reason. */
export default function AdminRateCardsPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('adminRates.title'));
  const queue = useRateCardQueue();
  const decide = useDecideRateCard();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  return (
    <Container size="md" px="xs" py="sm">
      <Title order={3} mb="sm">
        {t('adminRates.title')}
      </Title>
      <QueryState query={queue} isEmpty={(d) => d.cards.length === 0} empty={<EmptyState text={t('adminRates.empty')} />}>
        {(data) => (
          <Stack gap="xs">
            {data.cards.map((c) => (
              <Card key={c.id} withBorder p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600}>
                      {c.origin} → {c.destination} · {c.bodyType} · {t('rates.tons', { count: c.tonnage })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.operatorName} ({c.operatorId}) · {formatDateTime(c.updatedAt)}
                    </Text>
                  </Stack>
                  <Text fw={700}>{formatRupees(c.rate)}</Text>
                </Group>
                <Group mt="xs" align="flex-end">
                  <TextInput
                    label={t('adminRates.reason')}
                    value={reasons[c.id] ?? ''}
                    onChange={(e) => setReasons({ ...reasons, [c.id]: e.currentTarget.value })}
                    maxLength={300}
                    style={{ flex: 1 }}
                  />
                  <Button
                    h={44}
                    color="red"
                    variant="light"
                    disabled={!reasons[c.id]?.trim()}
                    onClick={() => decide.mutate({ id: c.id, decision: 'REJECTED', reason: reasons[c.id]?.trim() })}
                  >
                    {t('adminRates.reject')}
                  </Button>
                  <Button h={44} color="teal" onClick={() => decide.mutate({ id: c.id, decision: 'APPROVED' })}>
                    {t('adminRates.approve')}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
