import { REPORT_TYPES } from '@bhada/contracts/operations/operations';
import { Alert, Badge, Button, Group, Paper, Progress, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { notify } from '../../../../lib/notify.ts';
import { downloadBuiltReport, downloadReport, useMailReport, useReportRequests } from '../api/consigner-vehicles.ts';

/** A built report's download, with the share received shown while it arrives. */
/** Built and mailed is green; a mail to try again or given up on keeps the file, so it is not red. */
const REPORT_STATUS_COLOR = { BUILDING: 'blue', MAILED: 'green', FAILED: 'red', MAIL_RETRYING: 'blue', MAIL_FAILED: 'grape' } as const;

function BuiltReportDownload({ requestId }: { requestId: string }) {
  const { t } = useTranslation('consigner');
  const [share, setShare] = useState<number | null>(null);
  if (share !== null && share < 1)
    return (
      <Stack gap={2} w={160} aria-live="polite">
        <Text size="xs">{t('reports.downloading', { percent: Math.round(share * 100) })}</Text>
        <Progress value={share * 100} aria-label={t('reports.downloadFile')} />
      </Stack>
    );
  return (
    <Button
      variant="light"
      h={44}
      onClick={() => {
        setShare(0);
        downloadBuiltReport(requestId, setShare)
          .catch(() => notify.snackbar(t('reports.downloadFailed'), 'error'))
          .finally(() => setShare(null));
      }}
    >
      {t('reports.downloadFile')}
    </Button>
  );
}

/** /portal/consigner/reports: ask for a report; it is built as xlsx and mailed (spec: "the report is mailed"). */
export function ConsignerReportsPage() {
  const { t } = useTranslation('consigner');
  usePageTitle(t('reports.title'));
  const [reportType, setReportType] = useState('VEHICLE_BY_OPERATOR');
  const [email, setEmail] = useState('');
  const [downloading, setDownloading] = useState(false);
  const mail = useMailReport();
  const requests = useReportRequests();
  const fieldError = isApiError(mail.error) && mail.error.field === 'email' ? mail.error.message : undefined;
  return (
    <Stack maw={720} mx="auto" gap="md">
      <Title order={3}>{t('reports.title')}</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Select
            label={t('reports.type')}
            value={reportType}
            onChange={(v) => v && setReportType(v)}
            allowDeselect={false}
            data={REPORT_TYPES.map((value) => ({ value, label: t(`reports.types.${value}`) }))}
          />
          <TextInput
            label={t('reports.email')}
            description={t('reports.emailHint')}
            type="email"
            value={email}
            error={fieldError}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Group grow>
            <Button
              h={44}
              loading={mail.isPending}
              onClick={() =>
                mail.mutate(
                  { reportType, email: email.trim() || undefined },
                  { onSuccess: () => notify.snackbar(t('reports.mailed'), 'success') },
                )
              }
            >
              {t('reports.send')}
            </Button>
            <Button
              h={44}
              variant="default"
              loading={downloading}
              onClick={() => {
                setDownloading(true);
                downloadReport(reportType)
                  .catch(() => notify.snackbar(t('reports.downloadFailed'), 'error'))
                  .finally(() => setDownloading(false));
              }}
            >
              {t('reports.download')}
            </Button>
          </Group>
          {mail.isSuccess && <Alert color="green">{t('reports.mailed')}</Alert>}
        </Stack>
      </Paper>
      <Title order={5}>{t('reports.recent')}</Title>
      <QueryState query={requests} isEmpty={(d) => d.list.length === 0} empty={<EmptyState text={t('reports.none')} />}>
        {(data) => (
          <Stack gap="xs">
            {data.list.map((r) => (
              <Paper key={r.requestId} withBorder p="sm" radius="md">
                <Text fw={600}>{t(`reports.types.${r.reportType}`, { defaultValue: r.reportType })}</Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(r.createdAt)} · {r.email} · {t('reports.rows', { count: r.rowCount })}
                </Text>
                <Group justify="space-between" mt={4}>
                  <Badge color={REPORT_STATUS_COLOR[r.status]} variant="light">
                    {t(`reports.status.${r.status}`)}
                  </Badge>
                  {r.fileReady ? <BuiltReportDownload requestId={r.requestId} /> : null}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

export default ConsignerReportsPage;
