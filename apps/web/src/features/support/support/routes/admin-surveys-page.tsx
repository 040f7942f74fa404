import { Badge, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatNumber } from '../../../../lib/format.ts';
import { useSurveyResults } from '../api/admin.ts';

/** Admin: each survey with its number of answers and the answer counts per question. */
export default function AdminSurveysPage() {
  const { t, i18n } = useTranslation('support');
  usePageTitle(t('adminSurveys.title'));
  const lang = i18n.language === 'en' ? 'en' : 'hi';
  const results = useSurveyResults();
  return (
    <Container size="md" px="xs" py="sm">
      <Title order={3} mb="sm">
        {t('adminSurveys.title')}
      </Title>
      <QueryState query={results} isEmpty={(d) => d.length === 0} empty={<EmptyState text={t('adminSurveys.empty')} />}>
        {(surveys) => (
          <Stack gap="md">
            {surveys.map((s) => (
              <Card key={s.surveyId} withBorder p="sm">
                <Group justify="space-between">
                  <Text fw={700}>{s.title[lang]}</Text>
                  <Group gap="xs">
                    <Badge color={s.active ? 'teal' : 'gray'}>{s.active ? t('adminSurveys.active') : t('adminSurveys.inactive')}</Badge>
                    <Text size="sm">{t('adminSurveys.responses', { count: s.responses, n: formatNumber(s.responses) })}</Text>
                  </Group>
                </Group>
                <Table mt="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('adminSurveys.question')}</Table.Th>
                      <Table.Th>{t('adminSurveys.answered')}</Table.Th>
                      <Table.Th>{t('adminSurveys.counts')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.questions.map((q) => (
                      <Table.Tr key={q.questionId}>
                        <Table.Td>{q.text}</Table.Td>
                        <Table.Td>{formatNumber(q.answered)}</Table.Td>
                        <Table.Td>
                          {q.average !== null ? `${t('adminSurveys.average', { value: q.average })} · ` : ''}
                          {Object.entries(q.counts)
                            .map(([k, v]) => `${k}: ${formatNumber(v)}`)
                            .join(', ')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            ))}
          </Stack>
        )}
      </QueryState>
    </Container>
  );
}
