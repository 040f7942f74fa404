import type { LoadSummary } from '@bhada/contracts/marketplace/loads';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * "Not interested" asks first (issue 16 point 8). A chunk of its own, fetched with the first tap: the
 * dialog's focus trap, scroll lock and portal are not part of the board's first screen (ADR 089).
 */
export function RejectLoadDialog({
  load,
  onKeep,
  onReject,
}: {
  load: LoadSummary | null;
  onKeep: () => void;
  onReject: (load: LoadSummary) => void;
}) {
  const { t } = useTranslation('loads');
  return (
    <Modal opened={load !== null} onClose={onKeep} title={t('rejectConfirm.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{load ? t('rejectConfirm.text', { lane: `${load.originCity} → ${load.destinationCity}` }) : null}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onKeep}>
            {t('rejectConfirm.keep')}
          </Button>
          <Button color="red" onClick={() => (load ? onReject(load) : onKeep())}>
            {t('rejectConfirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default RejectLoadDialog;
