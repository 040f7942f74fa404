import { formatRupees } from '@bhada/contracts/money/amounts';
import type { CancelTokenResponse } from '@bhada/contracts/marketplace/tokens';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, newIdempotencyKey } from '../../../../lib/http.ts';
import { useCancelPreview, useCancelToken } from '../api/cancel-token.ts';

/**
 * Cancel a paid token (spec §7 `token/{demandId}/cancel`), telling the operator first what comes
 * back to the wallet and what is kept as the fee under ADR 025.
 */
export function CancelToken({ demandId, status }: { demandId: string; status: string }) {
  const { t } = useTranslation('tokens');
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<CancelTokenResponse | null>(null);
  if (done) {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status" data-testid="token-cancelled">
        {t('cancel.done', { refund: formatRupees(done.refundAmount) })}
        {done.keptAmount > 0 ? ` ${t('cancel.kept', { fee: formatRupees(done.keptAmount) })}` : ''}
      </Alert>
    );
  }
  // the open dialog stays while its cancel settles: the page's data may already say CANCELLED (the
  // mutation refreshes it first), and the dialog must live to hand over the refund it got
  if (status !== 'PAID' && !open) return null;
  return (
    <>
      {status === 'PAID' ? (
        <Button variant="light" color="red" onClick={() => setOpen(true)} mih={44}>
          {t('cancel.open')}
        </Button>
      ) : null}
      {open ? <CancelTokenModal demandId={demandId} onClose={() => setOpen(false)} onDone={setDone} /> : null}
    </>
  );
}

function CancelTokenModal({
  demandId,
  onClose,
  onDone,
}: {
  demandId: string;
  onClose: () => void;
  onDone: (r: CancelTokenResponse) => void;
}) {
  const { t } = useTranslation('tokens');
  const preview = useCancelPreview(demandId, true);
  const cancel = useCancelToken();
  const [key] = useState(newIdempotencyKey);
  const p = preview.data;
  return (
    <Modal opened onClose={onClose} title={t('cancel.title')} centered>
      <Stack gap="sm">
        {preview.isPending ? <Text size="sm">{t('cancel.checking')}</Text> : null}
        {preview.isError ? (
          <Alert color="red" role="alert">
            {isApiError(preview.error) ? preview.error.message : t('payFailed')}
          </Alert>
        ) : null}
        {p && !p.allowed ? (
          <Alert color="orange" role="alert">
            {t('cancel.notAllowed')}
          </Alert>
        ) : null}
        {p?.allowed ? (
          <Alert color={p.keptAmount > 0 ? 'orange' : 'blue'} data-testid="token-refund-preview">
            <Text size="sm" fw={700}>
              {t('cancel.refund', { refund: formatRupees(p.refundAmount), token: formatRupees(p.tokenAmount) })}
            </Text>
            <Text size="sm">{p.rule === 'FULL' ? t('cancel.ruleFull') : t('cancel.ruleLate', { fee: formatRupees(p.keptAmount) })}</Text>
          </Alert>
        ) : null}
        {cancel.isError ? (
          <Alert color="red" role="alert">
            {isApiError(cancel.error) ? cancel.error.message : t('cancel.failed')}
          </Alert>
        ) : null}
        <Group grow>
          <Button variant="default" onClick={onClose} mih={44}>
            {t('cancel.keep')}
          </Button>
          <Button
            color="red"
            disabled={!p?.allowed}
            loading={cancel.isPending}
            mih={44}
            onClick={() =>
              cancel.mutate(
                { demandId, idempotencyKey: key },
                {
                  onSuccess: (r) => {
                    onDone(r);
                    onClose();
                  },
                },
              )
            }
          >
            {t('cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
