import { formatRupees } from '@bhada/contracts/money/amounts';
import { addMoneyFormSchema } from '@bhada/contracts/money/payments';
import { Alert, Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenLoader } from '../../../../components/full-screen-loader.tsx';
import { useCreateTopUp } from '../api/create-top-up.ts';
import { translatePaymentMessage } from '../lib/messages.ts';
import { useCheckout } from '../lib/use-checkout.ts';

const QUICK_AMOUNTS = [500, 1000, 2000, 5000];

/**
 * spec fastag §4/§5 Add money: validate, show the loader, create the order (up to 3 attempts),
 * store the referral URL and open /portal/payment with fromFastag.
 */
export function AddMoneyForm({ referralUrl, initialAmount = '' }: { referralUrl: string; initialAmount?: string }) {
  const { t } = useTranslation(['payments', 'common']);
  const createTopUp = useCreateTopUp();
  const [amount, setAmount] = useState(initialAmount);
  const [error, setError] = useState<string>();
  const checkout = useCheckout();
  const failed = checkout.failed;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    checkout.reset();
    const parsed = addMoneyFormSchema.safeParse({ amount });
    if (!parsed.success) {
      setError(translatePaymentMessage(t, parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    await checkout.start(() => createTopUp.mutateAsync({ amount: Number(parsed.data.amount) }), { fromFastag: true }, referralUrl);
  };

  return (
    <form onSubmit={submit} noValidate>
      {createTopUp.isPending ? <FullScreenLoader message={t('payments:addMoney.creating')} /> : null}
      <Stack>
        {failed ? (
          <Alert color="red" role="alert">
            {failed}
          </Alert>
        ) : null}
        <TextInput
          label={t('payments:addMoney.amountLabel')}
          placeholder={t('payments:addMoney.amountPlaceholder')}
          description={t('payments:addMoney.hint')}
          inputMode="decimal"
          value={amount}
          error={error}
          onChange={(e) => {
            setAmount(e.currentTarget.value);
            if (error) setError(undefined);
          }}
          size="md"
          autoFocus
        />
        <div>
          <Text size="sm" c="dimmed" mb={6}>
            {t('payments:addMoney.quick')}
          </Text>
          <Group gap="xs">
            {QUICK_AMOUNTS.map((a) => (
              <Chip key={a} checked={amount === String(a)} onChange={() => setAmount(String(a))} variant="outline">
                {formatRupees(a)}
              </Chip>
            ))}
          </Group>
        </div>
        <Button type="submit" size="md" loading={createTopUp.isPending}>
          {t('payments:addMoney.submit')}
        </Button>
      </Stack>
    </form>
  );
}
