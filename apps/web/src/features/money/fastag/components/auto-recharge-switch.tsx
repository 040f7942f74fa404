import type { FastagRow } from '@bhada/contracts/money/fastag';
import { Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORT_TOAST_TIMEOUT_MS, toast } from '../../../../lib/notify.ts';
import { useUpdateAccount } from '../api/update-account.ts';

/** spec: fastag §4 — the switch flips at once; on failure it flips back after 0.5 s and a toast says so. */
export const TOGGLE_REVERT_MS = 500;

/** `readOnly`: the user's role may not change recharge settings (FASTAG_RECHARGE), so it only shows the state */
export function AutoRechargeSwitch({ row, readOnly = false }: { row: FastagRow; readOnly?: boolean }) {
  const { t } = useTranslation('fastag');
  const [local, setLocal] = useState<boolean | null>(null);
  const update = useUpdateAccount();
  // the refetched row is the truth again once it arrives
  useEffect(() => setLocal(null), [row.autoRecharge]);
  const checked = local ?? row.autoRecharge;

  return (
    <Switch
      checked={checked}
      disabled={readOnly}
      aria-label={t('toggleLabel', { vehicle: row.vehicleNumber })}
      onClick={(e) => e.stopPropagation()}
      onChange={() => {
        const next = !checked;
        setLocal(next);
        update.mutate(
          { id: row.tagId, recharge: next, minBal: row.minBalance },
          {
            onSuccess: () => toast({ msg: t('toggleSuccess'), timeout: SHORT_TOAST_TIMEOUT_MS }),
            onError: () => {
              setTimeout(() => setLocal(!next), TOGGLE_REVERT_MS);
              toast({ msg: t('errors.failed'), timeout: SHORT_TOAST_TIMEOUT_MS, success: false });
            },
          },
        );
      }}
    />
  );
}
