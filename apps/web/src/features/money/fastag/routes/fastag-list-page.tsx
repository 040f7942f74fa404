import { formatPaisa } from '@bhada/contracts/money/amounts';
import type { FastagRow } from '@bhada/contracts/money/fastag';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBook, IconFileReport, IconPhone, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { config } from '../../../../lib/config.ts';
import { paths } from '../../../../lib/paths.ts';
import { useSessionAccess } from '../../../../lib/session.ts';
import { useWalletBalance } from '../../../../lib/shared-data/wallet-balance.ts';
import { useFastagList } from '../api/get-fastag-list.ts';
import { FastagPromo } from '../components/fastag-promo.tsx';
import { FastagTable } from '../components/fastag-table.tsx';
import { MinBalanceModal } from '../components/min-balance-modal.tsx';
import { RechargeModal } from '../components/recharge-modal.tsx';
import { ReportModal } from '../components/report-modal.tsx';

/** spec: fastag §9 — the search fires after 1 s of typing (and at once on Enter or blur). */
export const SEARCH_DEBOUNCE_MS = 1000;

export function Helpline() {
  const { t } = useTranslation('fastag');
  const number = config.fastagHelpline;
  return (
    <Anchor href={`tel:${number.replace(/\s/g, '')}`} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconPhone size={16} />
        {t('helpline')}: {number}
      </Group>
    </Anchor>
  );
}

/** spec: fastag §2.5 — /portal/fastag, the fleet's tags with balances. */
export default function FastagListPage() {
  const { t } = useTranslation('fastag');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const [dialog, setDialog] = useState<{ kind: 'recharge' | 'min'; row: FastagRow } | null>(null);
  const [reportOpen, setReportOpen] = useState(false);

  const apply = (value: string) => {
    const v = value.trim();
    if (v !== search) setParams(v ? { search: v } : {}, { replace: true });
  };
  // debounce on typing only
  useEffect(() => {
    if (text.trim() === search) return;
    const id = setTimeout(() => apply(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);

  // issue 16 point 4: a role without these permissions does not see the controls the server would refuse
  const access = useSessionAccess();
  const canRecharge = access.can('FASTAG_RECHARGE');
  const canAddMoney = access.can('WALLET_ADD_MONEY');
  const list = useFastagList(search);
  const wallet = useWalletBalance();
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const totalCount = list.data?.pages[0]?.totalCount ?? 0;
  const showPromo = list.isSuccess && totalCount === 0 && !search;

  const open = (row: FastagRow) =>
    navigate(paths.fastagDetails, {
      state: { vehicleId: row.vehicleId, vehicleNumber: row.vehicleNumber, autoRecharge: row.autoRecharge },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('title')}</Title>
        <Helpline />
      </Group>
      {showPromo ? (
        <FastagPromo />
      ) : (
        <>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <TextInput
                aria-label={t('searchPlaceholder')}
                placeholder={t('searchPlaceholder')}
                leftSection={<IconSearch size={16} />}
                value={text}
                onChange={(e) => setText(e.currentTarget.value.toUpperCase())}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') apply(text);
                }}
                onBlur={() => apply(text)}
                w={{ base: '100%', sm: 260 }}
              />
              <Group gap="sm" wrap="wrap">
                <Button variant="default" leftSection={<IconFileReport size={16} />} onClick={() => setReportOpen(true)}>
                  {t('reports')}
                </Button>
                <Button
                  component={Link}
                  to={paths.fastagSuspicious}
                  variant="light"
                  color="red"
                  leftSection={<IconAlertTriangle size={16} />}
                >
                  {t('suspicious.open')}
                </Button>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('walletBalance')}
                  </Text>
                  <Text fw={700} data-testid="wallet-balance">
                    {wallet.data ? formatPaisa(wallet.data.balanceInPaisa) : '—'}
                  </Text>
                </Stack>
                {canAddMoney ? (
                  <Button component={Link} to={paths.addMoney} state={{ from: paths.fastag }} leftSection={<IconPlus size={16} />}>
                    {t('addMoney')}
                  </Button>
                ) : null}
                {access.can('WALLET_VIEW') ? (
                  <Button variant="light" leftSection={<IconBook size={16} />} onClick={() => navigate(paths.fastagPassbook)}>
                    {t('passbook')}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Paper>
          <QueryState
            query={{ ...list, data: list.data }}
            isEmpty={() => rows.length === 0}
            empty={<EmptyState text={t('common:noDataFound')} />}
          >
            {() => (
              <FastagTable
                rows={rows}
                totalCount={totalCount}
                hasMore={Boolean(list.hasNextPage)}
                loadingMore={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                onOpen={open}
                onRecharge={canRecharge ? (row) => setDialog({ kind: 'recharge', row }) : undefined}
                onMinBalance={canRecharge ? (row) => setDialog({ kind: 'min', row }) : undefined}
              />
            )}
          </QueryState>
        </>
      )}
      {dialog?.kind === 'recharge' && (
        <RechargeModal row={dialog.row} walletBalanceInPaisa={wallet.data?.balanceInPaisa} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'min' && <MinBalanceModal row={dialog.row} onClose={() => setDialog(null)} />}
      {reportOpen && <ReportModal onClose={() => setReportOpen(false)} />}
    </Stack>
  );
}
