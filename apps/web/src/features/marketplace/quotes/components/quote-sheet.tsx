import type { LoadDetail } from '@bhada/contracts/marketplace/loads';
import { PRICE_MAX_RUPEES, PRICE_MIN_RUPEES } from '@bhada/contracts/marketplace/loads';
import { formatRupees } from '@bhada/contracts/money/amounts';
import { submitQuoteRequestSchema } from '@bhada/contracts/marketplace/quotes';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RupeeInput } from '../../../../components/rupee-input.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { useQuoteQuality } from '../api/get-quote-quality.ts';
import { useSubmitQuote } from '../api/submit-quote.ts';

const QUALITY_COLOR = { GREAT: 'teal', GOOD: 'green', FAIR: 'yellow', HIGH: 'red' } as const;

/** The quote sheet: my quote, my live rank, bidder count, best band and a quality hint. */
export function QuoteSheet({ load, open, live }: { load: LoadDetail; open: boolean; live: boolean }) {
  const { t } = useTranslation('quotes');
  const submit = useSubmitQuote();
  const [value, setValue] = useState<number | string>(load.quote.value ?? '');
  const [error, setError] = useState<string>();
  const numeric = typeof value === 'number' && value > 0 ? value : null;
  // a price outside the bounds, or one the server refused, gets no quality badge: "very competitive"
  // beside "too low" would contradict itself (issue 16 point 8)
  const rateable = numeric !== null && numeric >= PRICE_MIN_RUPEES && numeric <= PRICE_MAX_RUPEES && !error;
  const [debounced] = useDebouncedValue(numeric, 400);
  const quality = useQuoteQuality(load.demandId, debounced);
  const board = load.quote.leaderboard;

  const send = async () => {
    const parsed = submitQuoteRequestSchema.safeParse({ value });
    if (!parsed.success) {
      setError(t('invalidQuote', { min: formatRupees(PRICE_MIN_RUPEES), max: formatRupees(PRICE_MAX_RUPEES) }));
      return;
    }
    setError(undefined);
    try {
      await submit.mutateAsync({ demandId: load.demandId, value: parsed.data.value });
    } catch (e) {
      // a refused value (bounds, window closed) is shown at the field; anything else is the spec's failure text
      if (isApiError(e) && e.status === 400 && e.field === 'value') setError(e.message);
    }
  };

  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={700}>{t('title')}</Text>
          {open ? (
            <Badge color={live ? 'teal' : 'gray'} variant="dot">
              {live ? t('live') : t('connecting')}
            </Badge>
          ) : null}
        </Group>
        <Group grow gap="xs">
          <Stat label={t('myRank')} value={board.rank ? `#${board.rank}` : '—'} />
          <Stat label={t('bidders')} value={String(board.bidderCount)} />
          <Stat
            label={t('bestBand')}
            value={board.bestBand ? `${formatRupees(board.bestBand.min)}–${formatRupees(board.bestBand.max)}` : '—'}
          />
        </Group>
        {load.quote.value !== null ? <Text size="sm">{t('yourQuote', { amount: formatRupees(load.quote.value) })}</Text> : null}
        {open ? (
          <>
            <RupeeInput
              label={t('enterQuote')}
              description={t('bounds', { min: formatRupees(PRICE_MIN_RUPEES), max: formatRupees(PRICE_MAX_RUPEES) })}
              allowNegative={false}
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(undefined);
                // a new price is a new attempt: the last one's posted/failed note no longer applies
                if (!submit.isPending && !submit.isIdle) submit.reset();
              }}
              error={error}
              inputMode="decimal"
            />
            {quality.isError ? (
              <Text size="xs" c="red">
                {t('qualityError')}
              </Text>
            ) : quality.data ? (
              <Group gap="xs">
                {rateable && quality.data.quality ? (
                  <Badge color={QUALITY_COLOR[quality.data.quality]}>{t(`quality.${quality.data.quality}`)}</Badge>
                ) : null}
                <Text size="xs" c="dimmed">
                  {t('benchmark', { amount: formatRupees(quality.data.benchmark) })}
                </Text>
              </Group>
            ) : null}
            <Button onClick={() => void send()} loading={submit.isPending}>
              {load.quote.value !== null ? t('revise') : t('submit')}
            </Button>
            {submit.isSuccess ? (
              <Alert color="teal" py={6} role="status">
                {t('posted')}
              </Alert>
            ) : null}
            {submit.isError && !error ? (
              <Alert color="red" py={6} role="alert">
                <Text size="sm">{t('submitError')}</Text>
                {isApiError(submit.error) && submit.error.status === 400 ? <Text size="xs">{submit.error.message}</Text> : null}
              </Alert>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('closed')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xs" c="dimmed" ta="center">
        {label}
      </Text>
      <Text fw={700} size="sm" ta="center">
        {value}
      </Text>
    </Stack>
  );
}
