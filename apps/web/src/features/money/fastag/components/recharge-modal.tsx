import type { FastagRow } from '@bhada/contracts/money/fastag';
import { formatPaisa, paisaToRupees, parseRupeeAmount } from '@bhada/contracts/money/amounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../../lib/http.ts';
import { SHORT_TOAST_TIMEOUT_MS, toast } from '../../../../lib/notify.ts';
import { useRechargeTag } from '../api/recharge-tag.ts';
import { AmountDialog } from './amount-dialog.tsx';

/** spec: fastag §2.5 and §5 — a manual recharge from the wallet; refusals show in the dialog. */
export function RechargeModal({
  row,
  walletBalanceInPaisa,
  onClose,
}: {
  row: FastagRow;
  walletBalanceInPaisa: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('fastag');
  const recharge = useRechargeTag();
  // one key per opening of the dialog: a second tap, or a retry after a timeout whose answer was
  // lost, is the same action and must move money at most once (ADR 045). Refusals store nothing on
  // the server, so a corrected amount under the same key is still a fresh attempt; a different
  // amount after an unknown outcome is refused by the server instead of charging twice.
  const [idempotencyKey] = useState(newIdempotencyKey);

  const submit = (amount: string) => {
    if (recharge.isPending) return null;
    const paisa = parseRupeeAmount(amount);
    if (!paisa) return t('errors.invalidAmount');
    if (walletBalanceInPaisa !== undefined && paisa > walletBalanceInPaisa) return t('errors.overWallet');
    recharge.mutate(
      { body: { tagId: row.tagId, amount: paisaToRupees(paisa) }, idempotencyKey },
      {
        onSuccess: () => {
          toast({ msg: t('rechargeDialog.success', { vehicle: row.vehicleNumber }), timeout: SHORT_TOAST_TIMEOUT_MS });
          onClose();
        },
      },
    );
    return null;
  };

  return (
    <AmountDialog
      title={t('rechargeDialog.title', { vehicle: row.vehicleNumber })}
      hint={walletBalanceInPaisa !== undefined ? t('rechargeDialog.available', { amount: formatPaisa(walletBalanceInPaisa) }) : undefined}
      label={t('rechargeDialog.amount')}
      submitLabel={t('rechargeDialog.submit')}
      pending={recharge.isPending}
      serverError={recharge.isError ? recharge.error.message : null}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
