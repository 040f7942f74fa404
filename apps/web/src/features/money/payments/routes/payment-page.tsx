import { formatPaisa, paisaToRupees, rupeesToPaisa } from '@bhada/contracts/money/amounts';
import { type FeeMode, feeModeOfCard, internetChargePaisa, type PaymentInfo, type SavedCard } from '@bhada/contracts/money/payments';
import { Accordion, Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconShieldCheck } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FullScreenLoader } from '../../../../components/full-screen-loader.tsx';
import { usePageTitle } from '../../../../components/page-title.tsx';
import { isApiError } from '../../../../lib/http.ts';
import { paths } from '../../../../lib/paths.ts';
import { storage } from '../../../../lib/storage.ts';
import { useNbChannels } from '../api/fetch-nb-channels.ts';
import { usePaymentOptions } from '../api/fetch-payment-options.ts';
import { type ProcessInput, processTransaction } from '../api/process-transaction.ts';
import { renewOrder } from '../api/renew-order.ts';
import { updateTransaction } from '../api/update-transaction.ts';
import { validateVpa } from '../api/validate-vpa.ts';
import { CardSection, type NewCard } from '../components/card-section.tsx';
import { NetbankingSection } from '../components/netbanking-section.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { SavedCardsSection } from '../components/saved-cards-section.tsx';
import { UpiSection } from '../components/upi-section.tsx';
import { submitRedirectForm } from '../lib/bank-form.ts';
import { type CheckoutState, checkoutStateOf } from '../lib/checkout-state.ts';
import { translatePaymentMessage } from '../lib/messages.ts';
import { useCheckout } from '../lib/use-checkout.ts';
import { expiryForProvider } from '../lib/validation.ts';

type Section = 'saved' | 'card' | 'upi' | 'nb';

const sectionOf = (mode: string | null | undefined): Section | null =>
  mode === 'UPI' ? 'upi' : mode === 'NB' ? 'nb' : mode === 'CC' || mode === 'DC' ? 'card' : null;

const titleKey = (state: CheckoutState) => (state.purpose === 'CONSIGNER_TRIP' ? 'payment.titleTrip' : 'payment.title');

/** spec fastag §2.8, §4, §5: the embedded checkout for an order created by the server. */
export default function PaymentPage() {
  const { t } = useTranslation('payments');
  const location = useLocation();
  const state = checkoutStateOf(location.state);
  usePageTitle(t(titleKey(state)));
  const navigate = useNavigate();
  const info = state.payment;

  // spec: no amount → back; a tab opened on this address has nowhere to go back to, so it explains
  // and offers the way there instead of staying blank (issue 16 point 8)
  const hasHistory = location.key !== 'default';
  useEffect(() => {
    if (!info?.amount && hasHistory) void navigate(-1);
  }, [info, navigate, hasHistory]);
  if (!info?.amount) return hasHistory ? null : <NoOrder />;
  return <Checkout key={info.transactionCode} info={info} state={state} />;
}

function NoOrder() {
  const { t } = useTranslation('payments');
  const back = storage.get('referralUrl') || paths.addMoney;
  return (
    <Stack maw={480} mx="auto" py="md">
      <Alert color="blue" title={t('payment.noOrderTitle')} role="status">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('payment.noOrderText')}</Text>
          <Button component={Link} to={back} leftSection={<IconArrowLeft size={16} />}>
            {t('payment.back')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}

function Checkout({ info, state }: { info: PaymentInfo; state: CheckoutState }) {
  const { t } = useTranslation(['payments', 'common']);
  const navigate = useNavigate();
  const checkout = useCheckout();
  const options = usePaymentOptions(info);
  const nb = useNbChannels(info);
  const amountPaisa = rupeesToPaisa(info.amount);
  // Retry after a failure opens the method that was tried; "another method" opens none and says why
  const [section, setSection] = useState<Section | null>(state.another ? null : sectionOf(state.lastMode));
  const [cardMode, setCardMode] = useState<FeeMode>('DC');
  const [savedMode, setSavedMode] = useState<FeeMode>('DC');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [upiError, setUpiError] = useState<string>();

  const savedCards = options.data?.merchantPayOption?.savedInstruments ?? [];
  const channels = nb.data ?? [];
  // opening a section recalculates the internet charge for its mode (spec fastag §4)
  const mode: FeeMode | undefined =
    section === 'saved' ? savedMode : section === 'card' ? cardMode : section === 'upi' ? 'UPI' : section === 'nb' ? 'NB' : undefined;
  const chargePaisa = mode ? internetChargePaisa(amountPaisa, mode, info.pspModes) : 0;
  const payLabel = t('payments:payment.pay', { amount: formatPaisa(amountPaisa + chargePaisa, { decimals: 'always' }) });

  const goBack = () => {
    const referral = storage.get('referralUrl');
    if (referral) void navigate(referral);
    else void navigate(-1);
  };

  /** After a failed attempt the order's token may be spent: a fresh order, same purpose and amount (counter from 1). */
  const startAgain = async () => {
    try {
      const payment = await renewOrder(state.purpose ?? 'WALLET_TOPUP', info.transactionCode);
      await checkout.open({ ...state, payment }, { replace: true });
    } catch {
      setError(t('payments:errors.tryAgain'));
    }
  };

  const pay = async (feeMode: FeeMode, input: ProcessInput) => {
    setError(undefined);
    setUpiError(undefined);
    setBusy(true);
    try {
      if (input.paymentMode === 'UPI' && !(await validateVpa(info, input.payerAccount))) {
        setUpiError(t('payments:errors.invalidUpi'));
        setBusy(false);
        return;
      }
      await updateTransaction({
        appVersion: 'web',
        paymentMode: feeMode,
        serviceProvider: 'PAYTM',
        userCode: storage.get('userCode') ?? '',
        transactionCode: info.transactionCode,
        transactionToken: info.checkSumHash,
        amount: info.amount,
        pspAmount: paisaToRupees(internetChargePaisa(amountPaisa, feeMode, info.pspModes)),
      });
      const result = await processTransaction(info, input);
      const form = result.bankForm?.redirectForm;
      if (result.resultInfo.resultStatus === 'S' && form) {
        submitRedirectForm(form);
        return; // the loader stays while the browser leaves for the bank
      }
      setBusy(false);
      setError(result.txnInfo?.RESPMSG || result.resultInfo.resultMsg || t('payments:errors.generic'));
      await startAgain();
    } catch (e) {
      setBusy(false);
      setError(isApiError(e) ? translatePaymentMessage(t, e.message) : t('payments:errors.generic'));
      await startAgain();
    }
  };

  const onSavedMode = useCallback((m: FeeMode) => setSavedMode(m), []);
  const onCardMode = useCallback((m: FeeMode) => setCardMode(m), []);

  const paySaved = (card: SavedCard, cvv: string) =>
    void pay(feeModeOfCard(card.cardDetails.cardType), {
      paymentMode: card.cardDetails.cardType,
      cardInfo: `${card.cardDetails.cardId}||${cvv}|`,
    });
  const payCard = (card: NewCard) =>
    void pay(feeModeOfCard(card.cardType), {
      paymentMode: card.cardType,
      cardInfo: `|${card.number}|${card.cvv}|${expiryForProvider(card.expiry)}`,
      storeInstrument: card.save,
    });

  return (
    <Stack maw={560} mx="auto" gap="md" pb="xl">
      {busy ? <FullScreenLoader message={t('payments:payment.processing')} /> : null}
      <Group gap="xs" wrap="nowrap">
        <Anchor component="button" type="button" onClick={goBack} aria-label={t('payments:payment.back')}>
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={18} />
            {t('payments:payment.back')}
          </Group>
        </Anchor>
      </Group>
      <Title order={3}>{t(`payments:${titleKey(state)}`)}</Title>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="note">
        {t('payments:payment.warning')}
      </Alert>
      {state.another ? (
        <Alert color="blue" role="note">
          {t('payments:payment.chooseAnother')}
        </Alert>
      ) : null}
      <OrderSummary orderId={info.transactionCode} amountPaisa={amountPaisa} chargePaisa={chargePaisa} />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {options.isPending ? (
        <Center py="md" role="status">
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('payments:payment.loadingOptions')}</Text>
          </Group>
        </Center>
      ) : null}
      {options.isError ? (
        <Alert color="red" role="alert">
          {t('payments:payment.optionsFailed')}
        </Alert>
      ) : null}
      <Accordion variant="separated" value={section} onChange={(v) => setSection(v as Section | null)}>
        {savedCards.length > 0 ? (
          <Accordion.Item value="saved">
            <Accordion.Control>{t('payments:payment.savedCards')}</Accordion.Control>
            <Accordion.Panel>
              <SavedCardsSection cards={savedCards} payLabel={payLabel} onModeChange={onSavedMode} onPay={paySaved} />
            </Accordion.Panel>
          </Accordion.Item>
        ) : null}
        <Accordion.Item value="card">
          <Accordion.Control>{t('payments:payment.card')}</Accordion.Control>
          <Accordion.Panel>
            {section === 'card' ? <CardSection info={info} payLabel={payLabel} onModeChange={onCardMode} onPay={payCard} /> : null}
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="upi">
          <Accordion.Control>{t('payments:payment.upi')}</Accordion.Control>
          <Accordion.Panel>
            <UpiSection
              payLabel={payLabel}
              serverError={upiError}
              onPay={(vpa) => void pay('UPI', { paymentMode: 'UPI', payerAccount: vpa })}
            />
          </Accordion.Panel>
        </Accordion.Item>
        {channels.length > 0 ? (
          <Accordion.Item value="nb">
            <Accordion.Control>{t('payments:payment.netbanking')}</Accordion.Control>
            <Accordion.Panel>
              <NetbankingSection
                channels={channels}
                payLabel={payLabel}
                onPay={(code) => void pay('NB', { paymentMode: 'NET_BANKING', channelCode: code })}
              />
            </Accordion.Panel>
          </Accordion.Item>
        ) : null}
      </Accordion>
      <Group justify="center" gap={6} c="teal">
        <IconShieldCheck size={18} />
        <Text size="sm" fw={600}>
          {t('payments:payment.safe')}
        </Text>
      </Group>
    </Stack>
  );
}
