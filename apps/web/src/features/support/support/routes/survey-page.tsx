import type { Survey } from '@bhada/contracts/support/support';
import { Alert, Button, Card, Checkbox, Group, Radio, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryPage } from '../../../../components/query-page.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { useSubmitSurvey, useSurvey } from '../api/engagement.ts';

type Answer = string | string[] | number;

function SurveyForm({ survey }: { survey: Survey }) {
  const { t, i18n } = useTranslation('support');
  const lang = i18n.language === 'en' ? 'en' : 'hi';
  const submit = useSubmitSurvey();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [error, setError] = useState<string>();
  const set = (id: string, v: Answer) => setAnswers((a) => ({ ...a, [id]: v }));
  const filled = (v: Answer | undefined) =>
    Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim().length > 0 : v !== undefined;
  const ready = survey.questions.every((q) => !q.required || filled(answers[q.questionId]));

  const send = async () => {
    setError(undefined);
    try {
      await submit.mutateAsync({
        surveyId: survey.surveyId,
        answers: Object.entries(answers)
          .filter(([, v]) => filled(v))
          .map(([questionId, value]) => ({ questionId, value })),
      });
    } catch (e) {
      // spec §8: "Error in submitting." for a refused answer, "Something went wrong" otherwise
      setError(isApiError(e) && e.status === 400 ? t('survey.error') : t('survey.wrong'));
    }
  };

  if (submit.isSuccess) return <Alert color="teal">{t('survey.thanks')}</Alert>;
  return (
    <Stack gap="sm">
      <Title order={4}>{survey.title[lang]}</Title>
      {survey.questions.map((q) => (
        <Card key={q.questionId} withBorder p="sm">
          <Text fw={600} size="sm" mb="xs">
            {q.text[lang]}
          </Text>
          {q.kind === 'RATING' ? (
            <Rating size="xl" value={Number(answers[q.questionId] ?? 0)} onChange={(v) => set(q.questionId, v)} aria-label={q.text[lang]} />
          ) : q.kind === 'SINGLE' ? (
            <Radio.Group value={String(answers[q.questionId] ?? '')} onChange={(v) => set(q.questionId, v)}>
              <Stack gap="xs">
                {q.options.map((o) => (
                  <Radio key={o.value} value={o.value} label={o[lang]} />
                ))}
              </Stack>
            </Radio.Group>
          ) : q.kind === 'MULTIPLE' ? (
            <Checkbox.Group value={(answers[q.questionId] as string[] | undefined) ?? []} onChange={(v) => set(q.questionId, v)}>
              <Stack gap="xs">
                {q.options.map((o) => (
                  <Checkbox key={o.value} value={o.value} label={o[lang]} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Textarea
              value={String(answers[q.questionId] ?? '')}
              onChange={(e) => set(q.questionId, e.currentTarget.value)}
              maxLength={1000}
              aria-label={q.text[lang]}
            />
          )}
        </Card>
      ))}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group>
        <Button h={44} disabled={!ready} loading={submit.isPending} onClick={() => void send()}>
          {t('survey.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The feedback survey (the app config's feedBackWidget opens it): answered once per user. */
export default function SurveyPage() {
  const { t } = useTranslation('support');
  return (
    <QueryPage title={t('survey.title')} size="xs" query={useSurvey()}>
      {(data) =>
        data.survey ? (
          <SurveyForm survey={data.survey} />
        ) : (
          <Alert color="teal">{data.answered ? t('survey.thanks') : t('survey.none')}</Alert>
        )
      }
    </QueryPage>
  );
}
