import { formatPaisa, parseRupees } from '@bhada/contracts/money/amounts';
import type { CollectionsResponse } from '@bhada/contracts/operations/operations';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { RupeeInput } from '../../../../components/rupee-input.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError, newIdempotencyKey } from '../../../../lib/http.ts';
import { notify } from '../../../../lib/notify.ts';
import { useCollectionEnums, useCollections, useRecordCollection } from '../api/collections.ts';

/** /portal/workflow/collection/{code}: money collected against a consignment and the balance still to collect. */
export function CollectionPage() {
  const { t } = useTranslation('operations');
  const code = useParams().code ?? '';
  usePageTitle(t('collection.title'));
  const query = useCollections(code);
  return (
    <Stack maw={960} mx="auto" gap="md">
      <Title order={3}>
        {t('collection.title')} · {code}
      </Title>
      <QueryState query={query}>{(data) => <Collections data={data} code={code} />}</QueryState>
    </Stack>
  );
}

function Collections({ data, code }: { data: CollectionsResponse; code: string }) {
  const { t } = useTranslation('operations');
  const enums = useCollectionEnums();
  const record = useRecordCollection(code);
  const [type, setType] = useState<string>('TO_PAY');
  const [mode, setMode] = useState<string>('CASH');
  const [status, setStatus] = useState<string>('COLLECTED');
  const [amount, setAmount] = useState<number | string>('');
  const [reference, setReference] = useState('');
  // one key per form: a retry of the same submit is recorded once
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const closed = !data.actionWindow.allowed;
  const submit = (payload: Parameters<typeof record.mutate>[0]) =>
    record.mutate(payload, {
      onSuccess: () => {
        notify.snackbar(t('collection.updated'), 'success');
        setAmount('');
        setReference('');
        setKey(newIdempotencyKey());
        setError(null);
      },
      onError: (err) =>
        setError({ field: isApiError(err) ? err.field : undefined, message: err instanceof Error ? err.message : t('collection.failed') }),
    });
  const add = () => {
    const paisa = parseRupees(amount);
    if (paisa === null || paisa <= 0) {
      setError({ field: 'amountInPaisa', message: t('collection.invalidAmount') });
      return;
    }
    submit({
      key,
      code,
      type: type as 'TO_PAY',
      mode: mode as 'CASH',
      status: status as 'COLLECTED',
      amountInPaisa: paisa,
      reference: reference || undefined,
    });
  };
  // a pending cheque or transfer is marked cleared or bounced: the same entry, its new status, a new key
  const settle = (c: CollectionsResponse['collections'][number], outcome: 'COLLECTED' | 'FAILED') =>
    submit({
      key: newIdempotencyKey(),
      code,
      collectionId: c.collectionId,
      type: c.type,
      mode: c.mode,
      amountInPaisa: c.amountInPaisa,
      reference: c.reference ?? undefined,
      status: outcome,
    });
  const fieldError = (f: string) => (error?.field === f ? error.message : undefined);
  return (
    <Stack gap="md">
      {closed && <Alert color="orange">{data.actionWindow.message}</Alert>}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {(
          [
            ['freight', data.freightInPaisa],
            ['collected', data.collectedInPaisa],
            ['pending', data.pendingInPaisa],
            ['balance', data.balanceInPaisa],
          ] as const
        ).map(([label, value]) => (
          <Paper key={label} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed">
              {t(`collection.${label}`)}
            </Text>
            <Text fw={700} data-testid={`collection-${label}`}>
              {formatPaisa(value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {data.detentionCollectedInPaisa > 0 && (
        <Text size="sm">{t('collection.detention', { amount: formatPaisa(data.detentionCollectedInPaisa) })}</Text>
      )}
      {!closed && (
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('collection.type')}
              data={(enums.data?.types ?? ['TO_PAY']).map((v) => ({ value: v, label: t(`types.${v}`) }))}
              value={type}
              onChange={(v) => setType(v ?? 'TO_PAY')}
            />
            <Select
              label={t('collection.mode')}
              data={(enums.data?.modes ?? ['CASH']).map((v) => ({ value: v, label: t(`modes.${v}`) }))}
              value={mode}
              onChange={(v) => setMode(v ?? 'CASH')}
            />
            <Select
              label={t('collection.status')}
              data={['COLLECTED', 'PENDING'].map((v) => ({ value: v, label: t(`collectionStatus.${v}`) }))}
              value={status}
              onChange={(v) => setStatus(v ?? 'COLLECTED')}
            />
            <RupeeInput label={t('collection.amount')} value={amount} error={fieldError('amountInPaisa')} onChange={setAmount} />
            <TextInput
              label={t('collection.reference')}
              value={reference}
              error={fieldError('reference')}
              onChange={(e) => setReference(e.currentTarget.value)}
            />
          </SimpleGrid>
          {error && !['amountInPaisa', 'reference'].includes(error.field ?? '') && (
            <Alert color="red" mt="sm">
              {error.message}
            </Alert>
          )}
          <Button mt="sm" h={44} loading={record.isPending} onClick={add}>
            {t('collection.record')}
          </Button>
        </Paper>
      )}
      <Stack gap="xs">
        {data.collections.length === 0 && <Text c="dimmed">{t('collection.none')}</Text>}
        {data.collections.map((c) => (
          <Paper key={c.collectionId} withBorder p="sm" radius="md" data-testid="collection-row">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text fw={600}>
                  {formatPaisa(c.amountInPaisa)} · {t(`types.${c.type}`)} · {t(`modes.${c.mode}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.collectedAt)} · {c.collectedBy}
                  {c.reference ? ` · ${c.reference}` : ''}
                </Text>
              </Stack>
              <Group gap="xs">
                <Badge color={{ COLLECTED: 'green', PENDING: 'orange', FAILED: 'red' }[c.status]} variant="light">
                  {t(`collectionStatus.${c.status}`)}
                </Badge>
                {c.status === 'PENDING' && !closed && (
                  <>
                    <Button size="xs" h={44} variant="light" onClick={() => settle(c, 'COLLECTED')}>
                      {t('collection.cleared')}
                    </Button>
                    <Button size="xs" h={44} color="red" variant="subtle" onClick={() => settle(c, 'FAILED')}>
                      {t('collection.bounced')}
                    </Button>
                  </>
                )}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

export default CollectionPage;
