import type { TrainingModule } from '@bhada/contracts/support/support';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Progress,
  RingProgress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { useCompleteTraining, useRatingStory, useTrainingInfo } from '../api/engagement.ts';

function TrainingCard({ module, done, onDone }: { module: TrainingModule; done: boolean; onDone: () => void }) {
  const { t } = useTranslation('support');
  const [step, setStep] = useState(0);
  const card = module.cards[step];
  const last = step >= module.cards.length - 1;
  return (
    <Card withBorder p="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{module.title}</Text>
        {done ? (
          <Badge color="teal" leftSection={<IconCheck size={12} />}>
            {t('training.done')}
          </Badge>
        ) : null}
      </Group>
      {card ? (
        <Stack gap={4} mt="xs">
          <Text size="sm" fw={500}>
            {card.title}
          </Text>
          <Text size="sm">{card.text}</Text>
          {card.videoUrl ? (
            <Anchor href={card.videoUrl} target="_blank" rel="noreferrer" size="sm">
              {t('training.video')}
            </Anchor>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('training.step', { n: step + 1, total: module.cards.length })}
          </Text>
        </Stack>
      ) : null}
      <Group mt="xs">
        {!last ? (
          <Button h={44} variant="light" onClick={() => setStep(step + 1)}>
            {t('training.next')}
          </Button>
        ) : !done ? (
          <Button h={44} onClick={onDone}>
            {t('training.finish')}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

/**
 * spec fastag §2.4 /web-view/rating-story: the operator's rating from its real trips with its
 * components, and the rating training (spec §4: completion is marked true whether or not the call succeeds).
 */
export default function RatingStoryPage() {
  const { t } = useTranslation('support');
  usePageTitle(t('rating.title'));
  const story = useRatingStory();
  const training = useTrainingInfo(0);
  const complete = useCompleteTraining();
  const [doneLocally, setDoneLocally] = useState<Set<string>>(new Set());
  const finish = (m: TrainingModule) => {
    setDoneLocally((s) => new Set(s).add(m.id));
    complete.mutate({ type: m.type, id: m.id });
  };
  return (
    <Container size="xs" px="xs" py="sm">
      <BackHeader title={t('rating.title')} />
      <QueryState query={story}>
        {(data) => (
          <Stack gap="sm">
            <Center>
              <RingProgress
                size={140}
                thickness={12}
                sections={[{ value: data.rating ? ((data.rating - 1) / 4) * 100 : 0, color: 'teal' }]}
                label={
                  <Text ta="center" fw={700} size="xl" data-testid="rating">
                    {data.rating === null ? '–' : data.rating.toFixed(1)}
                  </Text>
                }
              />
            </Center>
            <Text ta="center" size="sm" c="dimmed">
              {data.rating === null ? t('rating.noTrips') : t('rating.basedOn', { count: data.trips })}
            </Text>
            {data.components.map((c) => (
              <Card key={c.key} withBorder p="sm">
                <Group justify="space-between">
                  <Text fw={600} size="sm">
                    {t(`rating.${c.key}.title`)}
                  </Text>
                  <Text size="sm">{Math.round(c.score)}/100</Text>
                </Group>
                <Progress
                  value={c.score}
                  color={c.score >= 70 ? 'teal' : c.score >= 40 ? 'orange' : 'red'}
                  mt={4}
                  aria-label={t(`rating.${c.key}.title`)}
                />
                <Text size="xs" c="dimmed" mt={4}>
                  {c.value === null ? t('rating.noData') : t(`rating.${c.key}.value`, { value: c.value, sample: c.sample })}
                </Text>
                <Text size="xs" mt={2}>
                  {t(`rating.${c.key}.tip`)}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
      <Title order={4} mt="lg" mb="xs">
        {t('training.title')}
      </Title>
      {training.isPending ? (
        <Center py="md">
          <Loader />
        </Center>
      ) : training.isError || !training.data ? (
        <Alert color="red" role="alert">
          {t('training.failed')}
        </Alert>
      ) : (
        <Stack gap="sm">
          {training.data.modules.map((m) => (
            <TrainingCard key={m.id} module={m} done={m.completed || doneLocally.has(m.id)} onDone={() => finish(m)} />
          ))}
        </Stack>
      )}
    </Container>
  );
}
