import type { FastagRow } from '@bhada/contracts/money/fastag';
import { paisaToRupees, parseRupeeAmount } from '@bhada/contracts/money/amounts';
import { useTranslation } from 'react-i18next';
import { SHORT_TOAST_TIMEOUT_MS, toast } from '../../../../lib/notify.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import { AmountDialog } from './amount-dialog.tsx';

/** spec: fastag §2.5 and §5 — the balance auto-recharge keeps on the tag (turns auto-recharge on). */
export function MinBalanceModal({ row, onClose }: { row: FastagRow; onClose: () => void }) {
  const { t } = useTranslation('fastag');
  const update = useUpdateAccount();

  const submit = (amount: string) => {
    const paisa = parseRupeeAmount(amount);
    if (paisa === null) return t('errors.invalidAmount');
    update.mutate(
      { fastagId: row.tagId, minBalance: paisaToRupees(paisa), autoRechargeActivate: true },
      {
        onSuccess: () => {
          toast({ msg: t('minDialog.success', { vehicle: row.vehicleNumber }), timeout: SHORT_TOAST_TIMEOUT_MS });
          onClose();
        },
      },
    );
    return null;
  };

  return (
    <AmountDialog
      title={t('minDialog.title', { vehicle: row.vehicleNumber })}
      hint={t('minDialog.hint')}
      label={t('minDialog.amount')}
      submitLabel={t('minDialog.submit')}
      initialAmount={row.minBalance ? String(row.minBalance) : ''}
      pending={update.isPending}
      serverError={update.isError ? update.error.message : null}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
