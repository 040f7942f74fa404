import { type FastagRow, rupeesToPaisa } from '@bhada/contracts/fastag';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/http.ts';
import { SHORT_TOAST_TIMEOUT_MS, toast } from '../../../lib/notify.ts';
import { useRechargeTag } from '../api/recharge-tag.ts';

/** spec: fastag §2.5 and §5 — a manual recharge from the wallet; refusals show in the dialog. */
export function RechargeModal({ row, walletBalance, onClose }: { row: FastagRow; walletBalance: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('fastag');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recharge = useRechargeTag();
  // one key per opening of the dialog: a second tap, or a retry after a timeout whose answer was
  // lost, is the same action and must move money at most once (ADR 045). Refusals store nothing on
  // the server, so a corrected amount under the same key is still a fresh attempt; a different
  // amount after an unknown outcome is refused by the server instead of charging twice.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const submit = () => {
    if (recharge.isPending) return;
    setError(null);
    const paisa = rupeesToPaisa(amount);
    if (!paisa) return setError(t('errors.invalidAmount'));
    if (walletBalance !== undefined && paisa > Math.round(walletBalance * 100)) return setError(t('errors.overWallet'));
    recharge.mutate(
      { body: { tagId: row.tagId, amount: paisa / 100 }, idempotencyKey },
      {
        onSuccess: () => {
          toast({ msg: t('rechargeDialog.success', { vehicle: row.vehicleNumber }), timeout: SHORT_TOAST_TIMEOUT_MS });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('rechargeDialog.title', { vehicle: row.vehicleNumber })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {walletBalance !== undefined && (
            <Text size="sm" c="dimmed">
              {t('rechargeDialog.available', { amount: formatRupees(walletBalance) })}
            </Text>
          )}
          <TextInput
            label={t('rechargeDialog.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {recharge.isError && (
            <Alert color="red" role="alert">
              {recharge.error.message}
            </Alert>
          )}
          <Button type="submit" loading={recharge.isPending}>
            {t('rechargeDialog.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
