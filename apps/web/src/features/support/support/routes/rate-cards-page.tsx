import { formatRupees } from '@bhada/contracts/money/amounts';
import type { RateCard } from '@bhada/contracts/support/support';
import { Badge, Button, Card, Container, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useRateCards, useSaveRateCards } from '../api/engagement.ts';

const COLORS: Record<string, string> = { DRAFT: 'gray', SUBMITTED: 'blue', APPROVED: 'teal', REJECTED: 'red' };
type Draft = { id?: string; origin: string; destination: string; bodyType: string; tonnage: number | string; rate: number | string };
const blank: Draft = { origin: '', destination: '', bodyType: '', tonnage: '', rate: '' };

/** The operator's rate card per lane and vehicle (spec "odvtRateCardStatus"): draft, submit for review, see the decision. */
export default function RateCardsPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('rates.title'));
  const cards = useRateCards();
  const save = useSaveRateCards();
  const [draft, setDraft] = useState<Draft>(blank);
  const editable = (c: RateCard) => c.status === 'DRAFT' || c.status === 'REJECTED';
  const valid =
    draft.origin.trim().length >= 2 &&
    draft.destination.trim().length >= 2 &&
    draft.bodyType.trim().length >= 2 &&
    Number(draft.tonnage) > 0 &&
    Number(draft.rate) > 0;

  const submit = async (submitForReview: boolean) => {
    await save.mutateAsync({
      cards: [{ ...draft, tonnage: Number(draft.tonnage), rate: Number(draft.rate) }],
      submit: submitForReview,
    });
    setDraft(blank);
  };

  return (
    <Container size="sm" px="xs" py="sm">
      <BackHeader title={t('rates.title')} />
      <Card withBorder p="sm" mb="md">
        <Title order={5} mb="xs">
          {draft.id ? t('rates.edit') : t('rates.add')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <TextInput
            label={t('rates.origin')}
            value={draft.origin}
            onChange={(e) => setDraft({ ...draft, origin: e.currentTarget.value })}
          />
          <TextInput
            label={t('rates.destination')}
            value={draft.destination}
            onChange={(e) => setDraft({ ...draft, destination: e.currentTarget.value })}
          />
          <TextInput
            label={t('rates.bodyType')}
            value={draft.bodyType}
            onChange={(e) => setDraft({ ...draft, bodyType: e.currentTarget.value })}
          />
          <NumberInput
            label={t('rates.tonnage')}
            min={1}
            max={100}
            value={draft.tonnage}
            onChange={(v) => setDraft({ ...draft, tonnage: v })}
          />
          <NumberInput
            label={t('rates.rate')}
            min={1}
            decimalScale={2}
            thousandSeparator=","
            value={draft.rate}
            onChange={(v) => setDraft({ ...draft, rate: v })}
          />
        </SimpleGrid>
        <Group mt="sm">
          <Button
            h={44}
            variant="light"
            disabled={!valid}
            loading={save.isPending}
            onClick={() => void submit(false).catch(() => undefined)}
          >
            {t('rates.saveDraft')}
          </Button>
          <Button h={44} disabled={!valid} loading={save.isPending} onClick={() => void submit(true).catch(() => undefined)}>
            {t('rates.submit')}
          </Button>
        </Group>
      </Card>
      <QueryState query={cards} isEmpty={(d) => d.cards.length === 0} empty={<EmptyState text={t('rates.empty')} />}>
        {(data) => (
          <Stack gap="xs">
            {data.cards.map((c) => (
              <Card key={c.id} withBorder p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {c.origin} → {c.destination}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.bodyType} · {t('rates.tons', { count: c.tonnage })} · {formatDateTime(c.updatedAt)}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end">
                    <Text fw={700}>{formatRupees(c.rate)}</Text>
                    <Badge color={COLORS[c.status]}>{t(`rates.status.${c.status}`)}</Badge>
                  </Stack>
                </Group>
                {c.reason ? (
                  <Text size="xs" c="red" mt={4}>
                    {t('rates.reason', { reason: c.reason })}
                  </Text>
                ) : null}
                {editable(c) ? (
                  <Button
                    mt="xs"
                    size="xs"
                    h={44}
                    variant="subtle"
                    onClick={() =>
                      setDraft({
                        id: c.id,
                        origin: c.origin,
                        destination: c.destination,
                        bodyType: c.bodyType,
                        tonnage: c.tonnage,
                        rate: c.rate,
                      })
                    }
                  >
                    {t('rates.editThis')}
                  </Button>
                ) : null}
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
