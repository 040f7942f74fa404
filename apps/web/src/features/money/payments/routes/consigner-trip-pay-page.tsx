import { formatPaisa, paisaToRupeeText, rupeesToPaisa } from '@bhada/contracts/money/amounts';
import { type TripBalance, tripPayFormSchema } from '@bhada/contracts/money/payments';
import { Alert, Button, Divider, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackHeader } from '../../../../components/back-header.tsx';
import { FullScreenLoader } from '../../../../components/full-screen-loader.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { paths } from '../../../../lib/paths.ts';
import { useTripBalance } from '../../../../lib/shared-data/trip-balances.ts';
import { useCreateConsignerOrder } from '../api/create-consigner-order.ts';
import { translatePaymentMessage } from '../lib/messages.ts';
import { useCheckout } from '../lib/use-checkout.ts';

/**
 * /portal/consigner/trips/{tripId}/pay: the consigner chooses how much of a trip's balance to pay,
 * then the same checkout as a wallet top-up takes over (spec marketplace §7 Consigner payment).
 */
export default function ConsignerTripPayPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('tripPay.title'));
  const { tripId = '' } = useParams();
  const query = useTripBalance(tripId);
  return (
    <Paper maw={480} mx="auto" p="md" withBorder radius="md">
      <BackHeader title={t('tripPay.title')} to={paths.consignerTrips} />
      <QueryState query={query} isEmpty={(trip) => trip === null} empty={<EmptyState text={t('tripPay.notFound')} />}>
        {(trip) => (trip ? <TripPayForm trip={trip} /> : null)}
      </QueryState>
    </Paper>
  );
}

/** Amounts being paid read as at the checkout: ₹ with Indian grouping and always the paise (₹19.90, ₹1,00,000.00). */
const money = (paisa: number) => formatPaisa(paisa, { decimals: 'always' });

function TripPayForm({ trip }: { trip: TripBalance }) {
  const { t } = useTranslation(['payments', 'common']);
  const create = useCreateConsignerOrder();
  const checkout = useCheckout();
  const failed = checkout.failed;
  const [amount, setAmount] = useState(paisaToRupeeText(trip.balanceInPaisa));
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    checkout.reset();
    const parsed = tripPayFormSchema(trip.balanceInPaisa).safeParse({ amount });
    if (!parsed.success) {
      setError(translatePaymentMessage(t, parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    await checkout.start(
      () => create.mutateAsync({ tripId: trip.tripId, amountInPaisa: rupeesToPaisa(Number(parsed.data.amount)) }),
      { purpose: 'CONSIGNER_TRIP' },
      paths.consignerTrips,
    );
  };

  // the freight, then what comes off it
  const rows: Array<{ label: string; paisa: number; less?: boolean }> = [
    { label: t('payments:tripPay.freight'), paisa: trip.freightInPaisa },
    { label: t('payments:tripPay.tds'), paisa: trip.tdsInPaisa, less: true },
    { label: t('payments:tripPay.paid'), paisa: trip.paidInPaisa, less: true },
    ...(trip.pendingInPaisa > 0 ? [{ label: t('payments:tripPay.pending'), paisa: trip.pendingInPaisa, less: true }] : []),
  ];

  return (
    <form onSubmit={submit} noValidate>
      {create.isPending ? <FullScreenLoader message={t('payments:tripPay.creating')} /> : null}
      <Stack>
        <div>
          <Text fw={600}>
            {trip.originCity} → {trip.destinationCity}
          </Text>
          <Text size="sm" c="dimmed">
            {t('payments:tripPay.trip')} {trip.tripId} · {t('payments:tripPay.vehicle')} {trip.vehicleNumber}
          </Text>
        </div>
        <Stack gap={4}>
          {rows.map(({ label, paisa, less }) => (
            <Group key={label} justify="space-between">
              <Text size="sm">{label}</Text>
              <Text size="sm">{less ? `− ${money(paisa)}` : money(paisa)}</Text>
            </Group>
          ))}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('payments:tripPay.due')}</Text>
            <Text fw={700} data-testid="trip-due">
              {money(trip.balanceInPaisa)}
            </Text>
          </Group>
        </Stack>
        {failed ? (
          <Alert color="red" role="alert">
            {failed}
          </Alert>
        ) : null}
        {trip.balanceInPaisa > 0 ? (
          <>
            <TextInput
              label={t('payments:tripPay.amountLabel')}
              description={t('payments:tripPay.amountHint')}
              inputMode="decimal"
              value={amount}
              error={error}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                if (error) setError(undefined);
              }}
              rightSectionWidth={120}
              rightSection={
                <Button size="compact-xs" variant="subtle" onClick={() => setAmount(paisaToRupeeText(trip.balanceInPaisa))}>
                  {t('payments:tripPay.payFull')}
                </Button>
              }
              size="md"
            />
            <Button type="submit" size="md" loading={create.isPending}>
              {t('payments:tripPay.submit')}
            </Button>
          </>
        ) : (
          <Alert color="teal">{t('payments:tripPay.nothingDue')}</Alert>
        )}
      </Stack>
    </form>
  );
}
