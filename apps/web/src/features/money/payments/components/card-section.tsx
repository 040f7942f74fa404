import { type FeeMode, feeModeOfCard, type PaymentInfo } from '@bhada/contracts/money/payments';
import { Badge, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BinDetail, fetchBinDetail } from '../api/fetch-bin-detail.ts';
import { cardNumberProblem, expiryProblem, maskExpiry, nameProblem, newCvvProblem, type Problem } from '../lib/validation.ts';

export type NewCard = { number: string; cvv: string; expiry: string; name: string; save: boolean; cardType: BinDetail['paymentMode'] };

type Field = 'number' | 'cvv' | 'expiry' | 'name';

/**
 * spec fastag §5 New card: 16 digits with a BIN lookup at 6 and 16 digits (the card type sets the
 * charge mode DC / CC), CVV of 3, MM/YY, name, optional save.
 */
export function CardSection({
  info,
  payLabel,
  onModeChange,
  onPay,
  lookupBin = fetchBinDetail,
}: {
  info: PaymentInfo;
  payLabel: string;
  onModeChange: (mode: FeeMode) => void;
  onPay: (card: NewCard) => void;
  lookupBin?: typeof fetchBinDetail;
}) {
  const { t } = useTranslation('payments');
  const [values, setValues] = useState({ number: '', cvv: '', expiry: '', name: '', save: false });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [bin, setBin] = useState<BinDetail>();

  const digits = values.number;
  useEffect(() => {
    // the lookup fires when the number reaches 6 and again at 16 digits
    if (!/^\d+$/.test(digits) || (digits.length !== 6 && digits.length !== 16)) {
      if (digits.length < 6) setBin(undefined);
      return;
    }
    let live = true;
    lookupBin(info, digits)
      .then((detail) => {
        if (!live) return;
        setBin(detail);
        if (detail) onModeChange(feeModeOfCard(detail.paymentMode));
      })
      .catch(() => {
        if (live) setBin(undefined);
      });
    return () => {
      live = false;
    };
  }, [digits, info, lookupBin, onModeChange]);

  const problems: Record<Field, Problem | undefined> = {
    number: cardNumberProblem(values.number),
    cvv: newCvvProblem(values.cvv),
    expiry: expiryProblem(values.expiry),
    name: nameProblem(values.name),
  };
  const errorOf = (field: Field) => {
    const p = touched[field] ? problems[field] : undefined;
    return p ? t(p.key, p.values) : undefined;
  };
  const set = (field: keyof typeof values) => (value: string | boolean) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: Field) => () => setTouched((x) => ({ ...x, [field]: true }));

  const submit = () => {
    setTouched({ number: true, cvv: true, expiry: true, name: true });
    if (Object.values(problems).some(Boolean)) return;
    if (!bin) {
      setTouched((x) => ({ ...x, number: true }));
      return;
    }
    onPay({ ...values, cardType: bin.paymentMode });
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={t('payment.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        value={values.number}
        maxLength={19}
        onChange={(e) => set('number')(e.currentTarget.value.replace(/\s/g, ''))}
        onBlur={touch('number')}
        error={
          errorOf('number') ??
          (touched.number && values.number.length === 16 && !problems.number && !bin ? t('errors.invalidCard') : undefined)
        }
        rightSection={bin ? <Badge size="xs">{bin.channelCode ?? ''}</Badge> : null}
        rightSectionWidth={70}
      />
      {bin ? (
        <Group gap="xs">
          <Badge variant="light" color={bin.paymentMode === 'CREDIT_CARD' ? 'grape' : 'teal'}>
            {bin.paymentMode === 'CREDIT_CARD' ? t('payment.credit') : t('payment.debit')}
          </Badge>
        </Group>
      ) : null}
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t('payment.validThru')}
          placeholder="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={values.expiry}
          onChange={(e) => set('expiry')(maskExpiry(e.currentTarget.value))}
          onBlur={touch('expiry')}
          error={errorOf('expiry')}
        />
        <TextInput
          label={t('payment.cvv')}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={5}
          value={values.cvv}
          onChange={(e) => set('cvv')(e.currentTarget.value)}
          onBlur={touch('cvv')}
          error={errorOf('cvv')}
        />
      </SimpleGrid>
      <TextInput
        label={t('payment.nameOnCard')}
        autoComplete="cc-name"
        value={values.name}
        onChange={(e) => set('name')(e.currentTarget.value)}
        onBlur={touch('name')}
        error={errorOf('name')}
      />
      <Checkbox label={t('payment.saveCard')} checked={values.save} onChange={(e) => set('save')(e.currentTarget.checked)} />
      <Button onClick={submit} size="md">
        {payLabel}
      </Button>
    </Stack>
  );
}
