import type { LoadSummary, OperatorLoadState } from '@bhada/contracts/marketplace/loads';
import { Alert, Anchor, Badge, Button, Center, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { useBanners } from '../api/get-banners.ts';
import { useLoadTabs } from '../api/get-load-tabs.ts';
import { LOAD_FILTER_KEYS, LOADS_PAGE_SIZE, type LoadFilters as LoadFiltersValue, useLoads } from '../api/get-loads.ts';
import { loadsKeys } from '../api/loads-keys.ts';
import { useListConsent } from '../api/save-consent.ts';
import { LoadCard } from '../components/load-card.tsx';
import { LoadFilters } from '../components/load-filters.tsx';

const RejectLoadDialog = lazy(() => import('../components/reject-load-dialog.tsx'));

const TABS: OperatorLoadState[] = ['OPEN', 'QUOTED', 'WON', 'CONFIRMED', 'LOST'];

/** spec: fastag §2.4 /web-view/active-loads — the operator's load board by state tab. */
export function ActiveLoadsPage() {
  const { t, i18n } = useTranslation('loads');
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  // a deep link may name the tab as the app does (?state=CONFIRMED) or as the API does (?state-id=confirmed)
  const asked = (params.get('state') ?? params.get('state-id') ?? '').toUpperCase();
  const stateId = TABS.find((s) => s === asked) ?? 'OPEN';
  const [page, setPage] = useState(0);
  const tabs = useLoadTabs();
  const filters: LoadFiltersValue = Object.fromEntries(LOAD_FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined]));
  const loads = useLoads(stateId, page, filters);
  // filters live in the URL beside the tab, so a shared or reloaded board shows the same loads
  const setFilters = (next: LoadFiltersValue) => {
    setPage(0);
    const p = new URLSearchParams();
    if (stateId !== 'OPEN') p.set('state', stateId);
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    setParams(p, { replace: true });
  };
  const banners = useBanners('ACTIVE_LOADS');
  const consent = useListConsent();
  const queryClient = useQueryClient();
  const hindi = i18n.language === 'hi';
  // "Not interested" hides the load for good: it is asked first, not done on one tap (issue 16 point 8)
  const [rejecting, setRejecting] = useState<LoadSummary | null>(null);
  // the dialog's chunk is fetched with the first tap and stays mounted after, so it can animate out
  const [dialogWanted, setDialogWanted] = useState(false);
  if (rejecting && !dialogWanted) setDialogWanted(true);

  const refresh = () => queryClient.invalidateQueries({ queryKey: loadsKeys.all });
  // the board below the title appears as a deferred render, which React splits into short slices, instead of
  // inside the urgent update that delivers the last of the two answers
  const settling = useDeferredValue(banners.isPending || tabs.isPending);
  const countOf = (s: OperatorLoadState) => tabs.data?.find((x) => x.stateId === s)?.count;

  return (
    <Container size="sm" px="xs" py="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>{t('title')}</Title>
          <Button
            variant="light"
            size="xs"
            h={44}
            leftSection={<IconRefresh size={16} />}
            onClick={() => void refresh()}
            loading={loads.isFetching}
          >
            {t('refresh')}
          </Button>
        </Group>
        {/*
          Everything below the title waits until the banners and the tab counts are known, then shows at
          once: a banner arriving would push the tabs, filters and list down, and the counts arriving would
          widen the tabs so they wrap onto another line (CLS, ADRs 151 and 161). A failed read shows the
          board without them.
        */}
        {settling ? (
          <Center py="xl" role="status">
            <Loader aria-label={t('common:loading')} />
          </Center>
        ) : null}
        {settling
          ? null
          : banners.data?.map((b) => (
              <Alert
                key={b.id}
                color={b.tone === 'warning' ? 'orange' : b.tone === 'success' ? 'teal' : 'blue'}
                title={hindi ? b.titleHi : b.title}
              >
                <Text size="sm">{hindi ? b.bodyHi : b.body}</Text>
                {b.link ? (
                  <Anchor component={Link} to={b.link} size="sm">
                    {t('knowMore')}
                  </Anchor>
                ) : null}
              </Alert>
            ))}
        {settling ? null : (
          <Tabs
            value={stateId}
            onChange={(v) => {
              setPage(0);
              const next = new URLSearchParams(params);
              if (v && v !== 'OPEN') next.set('state', v);
              else next.delete('state');
              setParams(next, { replace: true });
            }}
          >
            {/* the five tabs wrap onto a second line on a phone instead of scrolling Confirmed and Closed out of sight */}
            <Tabs.List style={{ flexWrap: 'wrap' }}>
              {TABS.map((s) => (
                <Tabs.Tab
                  key={s}
                  value={s}
                  mih={44}
                  rightSection={
                    countOf(s) ? (
                      <Badge size="xs" circle>
                        {countOf(s)}
                      </Badge>
                    ) : null
                  }
                >
                  {t(`tabs.${s}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        {settling ? null : <LoadFilters value={filters} onChange={setFilters} />}
        {settling ? null : (
          <QueryState query={loads} isEmpty={(d) => d.loads.length === 0} empty={<EmptyState text={t(`empty.${stateId}`)} />}>
            {(data) => (
              <Stack gap="sm">
                {data.loads.map((load) => (
                  <LoadCard
                    key={load.demandId}
                    load={load}
                    rejecting={consent.isPending && consent.variables?.demandId === load.demandId}
                    onReject={load.state === 'OPEN' ? () => setRejecting(load) : undefined}
                  />
                ))}
                <Group justify="space-between">
                  <Button variant="default" size="xs" h={44} disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                    {t('previous')}
                  </Button>
                  <Text size="xs" c="dimmed">
                    {t('pageOf', { page: page + 1, pages: Math.max(1, Math.ceil(data.totalCount / LOADS_PAGE_SIZE)) })}
                  </Text>
                  <Button
                    variant="default"
                    size="xs"
                    h={44}
                    disabled={(page + 1) * LOADS_PAGE_SIZE >= data.totalCount}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    {t('next')}
                  </Button>
                </Group>
                <Button
                  component="a"
                  href={data.vehicleFreeWhatsapp}
                  target="_blank"
                  rel="noreferrer"
                  variant="light"
                  color="green"
                  leftSection={<IconBrandWhatsapp size={18} />}
                >
                  {t('vehicleFree')}
                </Button>
              </Stack>
            )}
          </QueryState>
        )}
      </Stack>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <RejectLoadDialog
            load={rejecting}
            onKeep={() => setRejecting(null)}
            onReject={(load) => {
              // the load leaves the list at once (optimistic), so the dialog closes with it
              consent.mutate({ demandId: load.demandId, loadConsent: 'REJECTED' });
              setRejecting(null);
            }}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}

export default ActiveLoadsPage;
