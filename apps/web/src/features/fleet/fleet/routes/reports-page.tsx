import { TRIPS_REPORT_MAX_DAYS } from '@bhada/contracts/fleet/fleet';
import { MAX_ALL_VEHICLES_REPORT_SECONDS, type ReportName } from '@bhada/contracts/money/wallet';
import { Alert, Card, Container, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, indiaNow } from '../../../../components/date-field.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { type StatementFormat, StatementFormatFooter } from '../../../../components/statement-format-footer.tsx';
import { IST } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { useOpenStatement } from '../../../../lib/open-statement.ts';
import { useSessionAccess } from '../../../../lib/session.ts';
import { downloadTripsReport } from '../api/trips-report.ts';

const startOfDay = (date: string) => dayjs.tz(`${date} 00:00:00`, IST).unix();
const endOfDay = (date: string) => dayjs.tz(`${date} 23:59:59`, IST).unix();
const daysBefore = (date: string, days: number) => dayjs(date).subtract(days, 'day').format('YYYY-MM-DD');

type Period = { from: string; to: string; format: StatementFormat };

/** One downloadable report: a period (no future dates), a format and the download button. */
function ReportCard(props: {
  title: string;
  hint: string;
  defaultDays: number;
  /** the longest period, in days, the report accepts */
  maxDays?: number;
  pending: boolean;
  error?: string;
  progress?: number | null;
  onDownload: (period: Period) => void;
}) {
  const { t } = useTranslation('fleet');
  const today = indiaNow(false);
  const [from, setFrom] = useState(daysBefore(today, props.defaultDays));
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<StatementFormat>('xlsx');
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    setError(null);
    if (!from || !to) return setError(t('reports.pickPeriod'));
    if (from > to) return setError(t('reports.startAfterEnd'));
    if (props.maxDays && dayjs(to).diff(dayjs(from), 'day') + 1 > props.maxDays)
      return setError(t('reports.tooLong', { days: props.maxDays }));
    props.onDownload({ from, to, format });
  };
  return (
    <Card withBorder padding="md" component="section" aria-label={props.title}>
      <Stack gap="sm">
        <Title order={4}>{props.title}</Title>
        <Text size="sm" c="dimmed">
          {props.hint}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DateField label={t('reports.from')} value={from} onChange={setFrom} clearable={false} />
          <DateField label={t('reports.to')} value={to} onChange={setTo} clearable={false} />
        </SimpleGrid>
        <StatementFormatFooter
          formatLabel={t('reports.format')}
          format={format}
          onFormatChange={setFormat}
          error={error ?? props.error}
          pending={props.pending}
          downloadLabel={t('reports.download')}
          onDownload={download}
        />
        {props.progress !== undefined ? (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              {props.progress === null ? t('reports.preparing') : t('reports.progress', { percent: Math.round(props.progress * 100) })}
            </Text>
            <Progress
              value={props.progress === null ? 100 : props.progress * 100}
              animated={props.progress === null}
              aria-label={t('reports.progressLabel')}
            />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

function TripsReportCard() {
  const { t } = useTranslation('fleet');
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = async (p: Period) => {
    setError(undefined);
    setPending(true);
    setProgress(null);
    try {
      await downloadTripsReport({ fromDate: p.from, toDate: p.to, format: p.format }, setProgress);
    } catch (err) {
      setError(isApiError(err) ? err.message : t('reports.failed'));
      setProgress(undefined);
    } finally {
      setPending(false);
    }
  };
  return (
    <ReportCard
      title={t('reports.trips.title')}
      hint={t('reports.trips.hint')}
      defaultDays={29}
      maxDays={TRIPS_REPORT_MAX_DAYS}
      pending={pending}
      error={error}
      progress={progress}
      onDownload={run}
    />
  );
}

function StatementCard({
  report,
  title,
  hint,
  defaultDays,
  maxDays,
}: {
  report: ReportName;
  title: string;
  hint: string;
  defaultDays: number;
  maxDays?: number;
}) {
  const open = useOpenStatement();
  return (
    <ReportCard
      title={title}
      hint={hint}
      defaultDays={defaultDays}
      maxDays={maxDays}
      pending={open.isPending}
      error={open.isError ? open.error?.message : undefined}
      onDownload={(p) => open.mutate({ report, params: { fromTime: startOfDay(p.from), toTime: endOfDay(p.to), reportFormat: p.format } })}
    />
  );
}

/**
 * Reports (menu Reports, issue 12 point 6): every statement and report the operator can download, each
 * shown only to a user whose permissions let the server hand it out.
 */
export default function ReportsPage() {
  const { t } = useTranslation('fleet');
  usePageTitle(t('reports.title'));
  const access = useSessionAccess();
  const fastagDays = MAX_ALL_VEHICLES_REPORT_SECONDS / 86_400;
  if (!access.can('REPORTS_DOWNLOAD'))
    return (
      <Container size="md" px="sm" py="md">
        <Alert color="red" role="alert">
          {t('reports.noPermission')}
        </Alert>
      </Container>
    );
  return (
    <Container size="md" px="sm" py="md">
      <Stack>
        <Title order={3}>{t('reports.title')}</Title>
        <TripsReportCard />
        {access.can('WALLET_VIEW') ? (
          <StatementCard report="wallet-transactions" title={t('reports.wallet.title')} hint={t('reports.wallet.hint')} defaultDays={29} />
        ) : null}
        {access.can('FASTAG_VIEW') ? (
          <StatementCard
            report="fastagStatement"
            title={t('reports.fastag.title')}
            hint={t('reports.fastag.hint', { days: Math.floor(fastagDays) })}
            defaultDays={6}
            maxDays={Math.floor(fastagDays)}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
