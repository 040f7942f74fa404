import { formatRupees } from '@bhada/contracts/money/amounts';
import type { PaymentResult } from '@bhada/contracts/money/payments';
import { Alert, Button, Group, Image, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { QueryState } from '../../../../components/query-state.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { paths } from '../../../../lib/paths.ts';
import { storage } from '../../../../lib/storage.ts';
import { usePaymentResult } from '../api/get-payment-result.ts';
import { type CheckoutPurpose, isCheckoutPurpose, renewOrder } from '../api/renew-order.ts';
import { translatePaymentMessage } from '../lib/messages.ts';
import { useCheckout } from '../lib/use-checkout.ts';
import { useOrderEvents } from '../lib/use-order-events.ts';

const LOOK = {
  SUCCESS: { color: 'teal', Icon: IconCircleCheck },
  PENDING: { color: 'orange', Icon: IconClockHour4 },
  FAILURE: { color: 'red', Icon: IconCircleX },
} as const;

/** spec fastag §2.9 and §4 Retry: the result of /portal/transaction/paytm/{orderId}. */
export default function PaymentResultPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('result.title'));
  const { orderId = '' } = useParams();
  const query = usePaymentResult(orderId);
  const refetch = query.refetch;
  const onChange = useCallback(() => void refetch(), [refetch]);
  useOrderEvents(orderId, query.data?.status === 'PENDING', onChange);
  return (
    <Stack maw={480} mx="auto" py="md">
      <QueryState query={query}>{(result) => <ResultCard result={result} />}</QueryState>
    </Stack>
  );
}

function ResultCard({ result }: { result: PaymentResult }) {
  const { t } = useTranslation(['payments', 'common']);
  const navigate = useNavigate();
  const checkout = useCheckout();
  const [retrying, setRetrying] = useState(false);
  const [retryFailed, setRetryFailed] = useState(false);
  const { color, Icon } = LOOK[result.status];

  const close = () => void navigate(storage.get('referralUrl') || paths.root);
  // only what this portal pays by card can be paid again from here
  const purpose = isCheckoutPurpose(result.purpose) ? result.purpose : undefined;
  const retry = async (purpose: CheckoutPurpose, another = false) => {
    setRetrying(true);
    setRetryFailed(false);
    try {
      // a new order of the same purpose with the same amount, up to 3 attempts (spec fastag §4 Retry)
      const payment = await renewOrder(purpose, result.orderId);
      await checkout.open({ fromFastag: purpose === 'WALLET_TOPUP', purpose, payment, lastMode: result.paymentMode, another });
    } catch {
      setRetryFailed(true);
      setRetrying(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack align="center" gap="sm">
        <ThemeIcon color={color} variant="light" size={72} radius="xl">
          <Icon size={44} />
        </ThemeIcon>
        <Title order={3} ta="center">
          {t(`payments:result.${result.status}`)}
        </Title>
        <Text size="xl" fw={700} data-testid="result-amount">
          {formatRupees(result.amount, { decimals: 'always' })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('payments:result.date')}: {formatDateTime(result.date)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('payments:result.orderId')}: {result.orderId}
        </Text>
        {result.fee > 0 ? (
          <Text size="xs" c="dimmed">
            {t('payments:result.charge')}: {formatRupees(result.fee, { decimals: 'always' })}
          </Text>
        ) : null}
        {result.statusRemarks ? (
          <Alert color={color} w="100%" role="status">
            {translatePaymentMessage(t, result.statusRemarks)}
          </Alert>
        ) : null}
        {result.remarksIcon ? <Image src={result.remarksIcon} alt="" maw={160} /> : null}
        {result.status === 'PENDING' ? (
          <Text size="xs" c="dimmed" ta="center">
            {t('payments:result.pendingLive')}
          </Text>
        ) : null}
        {retryFailed ? (
          <Alert color="red" w="100%" role="alert">
            {t('payments:errors.tryAgain')}
          </Alert>
        ) : null}
        <Group grow w="100%">
          {result.status === 'FAILURE' && purpose ? (
            // a failed payment: the same method again, another method, or back where the user came from
            <Stack w="100%" gap="xs">
              <Button onClick={() => void retry(purpose)} loading={retrying} size="md">
                {t('payments:result.retry')}
              </Button>
              <Button onClick={() => void retry(purpose, true)} disabled={retrying} size="md" variant="light">
                {t('payments:result.anotherMethod')}
              </Button>
              <Button onClick={close} size="md" variant="default">
                {t('payments:result.back')}
              </Button>
            </Stack>
          ) : (
            <Button onClick={close} size="md" variant={result.status === 'SUCCESS' ? 'filled' : 'light'}>
              {t('payments:result.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
