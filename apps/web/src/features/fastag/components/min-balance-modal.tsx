import { type FastagRow, rupeesToPaisa } from '@bhada/contracts/fastag';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORT_TOAST_TIMEOUT_MS, toast } from '../../../lib/notify.ts';
import { useUpdateAccount } from '../api/update-account.ts';

/** spec: fastag §2.5 and §5 — the balance auto-recharge keeps on the tag (turns auto-recharge on). */
export function MinBalanceModal({ row, onClose }: { row: FastagRow; onClose: () => void }) {
  const { t } = useTranslation('fastag');
  const [amount, setAmount] = useState(row.minBalance ? String(row.minBalance) : '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateAccount();

  const submit = () => {
    setError(null);
    const paisa = rupeesToPaisa(amount);
    if (paisa === null) return setError(t('errors.invalidAmount'));
    update.mutate(
      { fastagId: row.tagId, minBalance: paisa / 100, autoRechargeActivate: true },
      {
        onSuccess: () => {
          toast({ msg: t('minDialog.success', { vehicle: row.vehicleNumber }), timeout: SHORT_TOAST_TIMEOUT_MS });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('minDialog.title', { vehicle: row.vehicleNumber })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('minDialog.hint')}
          </Text>
          <TextInput
            label={t('minDialog.amount')}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          {update.isError && (
            <Alert color="red" role="alert">
              {update.error.message}
            </Alert>
          )}
          <Button type="submit" loading={update.isPending}>
            {t('minDialog.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
