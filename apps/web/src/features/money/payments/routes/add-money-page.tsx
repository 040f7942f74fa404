import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { ForbiddenState } from '../../../../components/query-state.tsx';
import { paths } from '../../../../lib/paths.ts';
import { useSessionAccess } from '../../../../lib/session.ts';
import { AddMoneyForm } from '../components/add-money-form.tsx';

/**
 * /portal/wallet/add-money: the Add Money form on its own page; the Fastag screen (and any screen
 * lacking balance) links here with `state.from` so the result's Close returns there.
 */
export default function AddMoneyPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('addMoney.title'));
  const location = useLocation();
  const state = (location.state ?? {}) as { from?: string; amount?: number };
  const from = state.from ?? new URLSearchParams(location.search).get('from') ?? paths.fastag;
  const amount = state.amount ?? Number(new URLSearchParams(location.search).get('amount') ?? '');
  // a role without WALLET_ADD_MONEY learns why here, not after filling the amount (issue 16 point 4)
  const allowed = useSessionAccess().can('WALLET_ADD_MONEY');
  return (
    <Paper maw={480} mx="auto" p="md" withBorder radius="md">
      <BackHeader title={t('addMoney.title')} />
      {allowed ? (
        <AddMoneyForm referralUrl={from.startsWith('/') ? from : paths.fastag} initialAmount={amount > 0 ? String(amount) : ''} />
      ) : (
        <ForbiddenState />
      )}
    </Paper>
  );
}
