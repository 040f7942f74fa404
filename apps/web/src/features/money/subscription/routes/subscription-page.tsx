import { formatPaisa, paisaToRupees } from '@bhada/contracts/money/amounts';
import { Alert, Badge, Button, Card, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCrown, IconWallet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { paths } from '../../../../lib/paths.ts';
import { useSessionAccess } from '../../../../lib/session.ts';
import { useWalletBalance } from '../../../../lib/shared-data/wallet-balance.ts';
import { storage } from '../../../../lib/storage.ts';
import { useSubscriptionConfig } from '../api/get-subscription-config.ts';
import { usePayMembership } from '../api/pay-membership.ts';
import { resolveMedium } from '../medium-storage.ts';
import { statusUrl } from '../status-url.ts';

type Failure = { message: string; shortPaisa?: number };

/**
 * spec §2 /app/caraxes/marketplace/subscription-page?source — the membership plan, paid from the
 * wallet. States (spec §4): saving while the payment runs, subscribed once it succeeded.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  usePageTitle(t('title'));
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const medium = useMemo(() => resolveMedium(params.get('source')), [params]);
  const config = useSubscriptionConfig();
  const wallet = useWalletBalance();
  const pay = usePayMembership();
  const [subscribed, setSubscribed] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const balance = wallet.data?.balanceInPaisa;

  const submit = async (amountPaisa: number) => {
    setFailure(undefined);
    try {
      const outcome = await pay.mutateAsync(medium);
      if (outcome.kind === 'nothingToPay') {
        void navigate(outcome.redirect);
        return;
      }
      const { transactionStatus, subscriptionValidity } = outcome.payment;
      if (transactionStatus === 'SUCCESS') setSubscribed(true);
      void navigate(statusUrl(transactionStatus, subscriptionValidity));
    } catch (e) {
      if (isApiError(e) && e.errorCode === 'INSUFFICIENT_BALANCE') {
        setFailure({ message: t('insufficient'), shortPaisa: Math.max(0, amountPaisa - (balance ?? 0)) });
      } else if (isApiError(e) && e.errorCode === 'MEMBERSHIP_ALREADY_ACTIVE') {
        setFailure({ message: t('alreadyActive') });
      } else {
        setFailure({ message: t('payFailed') });
      }
    }
  };

  // Add Money brings the operator back here (ADR 054: state.from becomes the referral URL)
  const here = location.pathname + location.search;
  // a role without WALLET_ADD_MONEY is not offered a top-up it cannot make (issue 16 point 4)
  const canAddMoney = useSessionAccess().can('WALLET_ADD_MONEY');
  const addMoney = (shortPaisa?: number) =>
    canAddMoney && (
      <Button
        component={Link}
        to={paths.addMoney}
        state={{ from: here, ...(shortPaisa ? { amount: Math.ceil(paisaToRupees(shortPaisa)) } : {}) }}
        onClick={() => storage.set('referralUrl', here)}
        leftSection={<IconWallet size={16} />}
        color="orange"
      >
        {t('addMoney')}
      </Button>
    );

  return (
    <Container size="xs" px="xs" py="sm">
      <BackHeader title={t('title')} />
      <QueryState query={config}>
        {({ plan, membership }) => {
          const short = balance !== undefined && balance < plan.subscriptionAmountInPaisa;
          return (
            <Stack gap="sm">
              {membership.status === 'ACTIVE' && membership.activeUntil ? (
                <Alert color="green" icon={<IconCrown size={18} />} title={t('memberTitle')}>
                  <Stack gap={4}>
                    <Text size="sm">{t('activeUntil', { date: formatDateTime(membership.activeUntil) })}</Text>
                    {membership.renewFrom ? (
                      <Text size="sm">{t('renewFrom', { date: formatDateTime(membership.renewFrom) })}</Text>
                    ) : (
                      <Text size="sm">{t('renewExtends')}</Text>
                    )}
                  </Stack>
                </Alert>
              ) : null}
              {membership.status === 'EXPIRED' && membership.activeUntil ? (
                <Alert color="orange">{t('expiredOn', { date: formatDateTime(membership.activeUntil) })}</Alert>
              ) : null}

              <Card withBorder radius="md" padding="md">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title order={4}>{plan.subscriptionTitle}</Title>
                    <Badge variant="light">{t('validity', { count: plan.validityDays })}</Badge>
                  </Group>
                  <Group gap={6} align="baseline">
                    <Text fz={28} fw={800} data-testid="plan-price">
                      {formatPaisa(plan.subscriptionAmountInPaisa)}
                    </Text>
                    <Text c="dimmed" size="sm">
                      {t('perPeriod', { count: plan.validityDays })}
                    </Text>
                  </Group>
                  <Text fw={600} size="sm">
                    {t('benefitsTitle')}
                  </Text>
                  <List
                    spacing={4}
                    size="sm"
                    icon={
                      <ThemeIcon color="green" size={18} radius="xl">
                        <IconCheck size={12} />
                      </ThemeIcon>
                    }
                  >
                    {plan.benefits.map((b) => (
                      <List.Item key={b}>{t(`benefits.${b}`)}</List.Item>
                    ))}
                  </List>
                </Stack>
              </Card>

              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  <IconWallet size={14} /> {t('walletBalance')}
                </Text>
                <Text size="sm" fw={600} c={short ? 'red' : undefined} data-testid="wallet-balance">
                  {balance === undefined ? (wallet.isPending ? '…' : '—') : formatPaisa(balance)}
                </Text>
              </Group>

              {failure ? (
                <Alert color="red" role="alert">
                  <Stack gap="xs">
                    <Text size="sm">{failure.message}</Text>
                    {failure.shortPaisa !== undefined ? (
                      <>
                        {failure.shortPaisa > 0 ? <Text size="sm">{t('shortBy', { amount: formatPaisa(failure.shortPaisa) })}</Text> : null}
                        {addMoney(failure.shortPaisa)}
                      </>
                    ) : null}
                  </Stack>
                </Alert>
              ) : short && membership.canPay ? (
                <Alert color="orange">
                  <Stack gap="xs">
                    <Text size="sm">{t('shortBy', { amount: formatPaisa(plan.subscriptionAmountInPaisa - balance) })}</Text>
                    {addMoney(plan.subscriptionAmountInPaisa - balance)}
                  </Stack>
                </Alert>
              ) : null}

              {subscribed ? (
                <Alert color="green" role="status">
                  {t('subscribed')}
                </Alert>
              ) : null}

              {membership.canPay && canAddMoney ? (
                <Button
                  size="md"
                  fullWidth
                  // the balance makes the label long: let it wrap on a 360 px phone rather than clip
                  styles={{ root: { height: 'auto', minHeight: 44 }, label: { whiteSpace: 'normal', textAlign: 'center' } }}
                  py={8}
                  onClick={() => void submit(plan.subscriptionAmountInPaisa)}
                  loading={pay.isPending}
                  disabled={subscribed}
                  leftSection={<IconWallet size={18} />}
                >
                  {balance === undefined
                    ? t('pay', { amount: formatPaisa(plan.subscriptionAmountInPaisa) })
                    : t('payWithBalance', { amount: formatPaisa(plan.subscriptionAmountInPaisa), balance: formatPaisa(balance) })}
                </Button>
              ) : (
                <Button component={Link} to={statusUrl('ACTIVE', membership.activeUntil)} variant="light">
                  {t('viewStatus')}
                </Button>
              )}
              {pay.isPending ? (
                <Text size="sm" c="dimmed" ta="center" role="status">
                  {t('saving')}
                </Text>
              ) : null}
            </Stack>
          );
        }}
      </QueryState>
    </Container>
  );
}
