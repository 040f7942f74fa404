import type { DemandSummary } from '@bhada/contracts/marketplace/loads';
import { formatRupees } from '@bhada/contracts/money/amounts';
import { Badge, Button, Card, Container, Drawer, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { useChangeAward } from '../api/change-award.ts';
import { useDemandQuotes, useDemands } from '../api/get-demands.ts';
import { PostLoadForm } from '../components/post-load-form.tsx';

/** /portal/consigner/loads (consigner: own loads) and /portal/admin/loads (admin: every load). */
export function ConsignerLoadsPage({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation('loads');
  usePageTitle(admin ? t('adminTitle') : t('consignerTitle'));
  const [page, setPage] = useState(0);
  const [posting, setPosting] = useState(false);
  const [open, setOpen] = useState<DemandSummary>();
  const demands = useDemands(page);
  // read at the first render, so a phone never draws the desktop layout first and then again as cards
  const phone = useMediaQuery('(max-width: 500px)', undefined, { getInitialValueInEffect: false });

  return (
    <Container size="lg" px="xs" py="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{admin ? t('adminTitle') : t('consignerTitle')}</Title>
          {admin ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setPosting(true)}>
              {t('postLoad')}
            </Button>
          )}
        </Group>
        <QueryState query={demands} isEmpty={(d) => d.demands.length === 0} empty={<EmptyState text={t('noDemands')} />}>
          {(data) => (
            <Stack gap="xs">
              {data.demands.map((d) => (
                <Card key={d.demandId} withBorder padding="sm" radius="md">
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                      <Text fw={600} style={{ minWidth: 0 }}>
                        {d.laneName}
                      </Text>
                      <Badge variant="light" style={{ flexShrink: 0 }}>
                        {t(`loadStates.${d.state}`)}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {d.demandId} · {d.vehicleType} · {d.material}
                      {admin ? ` · ${d.consignerName}` : ''}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('loadingOn', { when: formatDateTime(d.loadingAt) })} · {t('closesAt', { when: formatDateTime(d.biddingEndsAt) })}
                    </Text>
                    <Group justify="space-between" wrap="nowrap" align="flex-end" gap="xs">
                      <Text size="sm" style={{ minWidth: 0 }}>
                        {t('quoteCount', { count: d.quoteCount })}
                        {d.bestQuote !== null ? ` · ${t('best', { amount: formatRupees(d.bestQuote) })}` : ''}
                        {d.awardedOperatorName
                          ? ` · ${t('awardedTo', { name: d.awardedOperatorName, amount: formatRupees(d.awardedPrice ?? 0) })}`
                          : ''}
                      </Text>
                      <Button size="xs" variant="light" onClick={() => setOpen(d)} style={{ flexShrink: 0 }}>
                        {t('seeQuotes')}
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
              <Group justify="space-between">
                <Button variant="default" size="xs" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  {t('previous')}
                </Button>
                <Button variant="default" size="xs" disabled={(page + 1) * 20 >= data.totalCount} onClick={() => setPage((p) => p + 1)}>
                  {t('next')}
                </Button>
              </Group>
            </Stack>
          )}
        </QueryState>
      </Stack>
      <Modal opened={posting} onClose={() => setPosting(false)} title={t('postLoad')} size="lg" fullScreen={phone}>
        <PostLoadForm onPosted={() => setPosting(false)} />
      </Modal>
      <Drawer
        opened={Boolean(open)}
        onClose={() => setOpen(undefined)}
        position="right"
        size={phone ? '100%' : 'md'}
        title={open?.laneName}
      >
        {open ? <DemandQuotes demandId={open.demandId} /> : null}
      </Drawer>
    </Container>
  );
}

function DemandQuotes({ demandId }: { demandId: string }) {
  const { t } = useTranslation('loads');
  const quotes = useDemandQuotes(demandId);
  const change = useChangeAward();
  const [picking, setPicking] = useState<string>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const confirm = async () => {
    if (!picking) return;
    try {
      await change.mutateAsync({ demandId, operatorId: picking, reason });
      toast({ msg: t('awardChanged') });
      setPicking(undefined);
      setReason('');
    } catch (e) {
      setError(isApiError(e) ? e.message : t('genericError'));
    }
  };

  return (
    <QueryState query={quotes} isEmpty={(d) => d.quotes.length === 0} empty={<EmptyState text={t('noQuotes')} />}>
      {(data) => (
        <Stack gap="sm">
          {data.awardChangeDeadline ? (
            <Text size="sm" c="dimmed">
              {t('changeUntil', { when: formatDateTime(data.awardChangeDeadline) })}
            </Text>
          ) : null}
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('operator')}</Table.Th>
                  <Table.Th>{t('quote')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.quotes.map((q) => (
                  <Table.Tr key={q.operatorId}>
                    <Table.Td>{q.rank}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{q.companyName}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(q.placedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatRupees(q.value)}</Table.Td>
                    <Table.Td>
                      {q.awarded ? (
                        <Badge color="teal">{t('winner')}</Badge>
                      ) : data.awardChangeDeadline ? (
                        <Button size="compact-xs" variant="subtle" onClick={() => setPicking(q.operatorId)}>
                          {t('pick')}
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {picking ? (
            <Stack gap="xs">
              <Textarea
                label={t('reason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={error}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <Button variant="default" size="xs" onClick={() => setPicking(undefined)}>
                  {t('cancel')}
                </Button>
                <Button size="xs" onClick={() => void confirm()} loading={change.isPending}>
                  {t('confirmPick')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}

export const AdminLoadsPage = () => <ConsignerLoadsPage admin />;
export default ConsignerLoadsPage;
