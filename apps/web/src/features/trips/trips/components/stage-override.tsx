import {
  type AdvanceStateRequest,
  STAGE_OVERRIDE_LABELS,
  STAGE_OVERRIDE_REASONS,
  type StageOverrideReason,
  type TripState,
} from '@bhada/contracts/trips/trips';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/http.ts';

/** The refusals a reached-point stage answers when the truck's position does not show it at the point (ADR 270). */
export const STAGE_GEO_CODES = ['STAGE_TOO_FAR', 'STAGE_NO_POSITION'];
export const isStageGeoRefusal = (error: unknown) => isApiError(error) && STAGE_GEO_CODES.includes(error.errorCode);

/**
 * The override of a reached-point stage: the server's refusal (it names the distance, or says there is no
 * position) and a reason from the short list, with free text (needed for "Other reason").
 */
export function StageOverrideModal({
  tripId,
  state,
  toState,
  refusal,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  tripId: string;
  state: TripState;
  toState: TripState;
  refusal: string;
  pending: boolean;
  error: string | null;
  onSubmit: (body: AdvanceStateRequest) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('trips');
  const lang = (i18n.resolvedLanguage ?? i18n.language) === 'hi' ? 'hi' : 'en';
  const [reason, setReason] = useState<StageOverrideReason | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const noteMissing = reason === 'OTHER' && note.trim().length < 5;

  const submit = () => {
    setTried(true);
    if (!reason || noteMissing) return;
    const trimmed = note.trim();
    onSubmit({ tripId, toState, currentState: state, override: { reason, ...(trimmed ? { note: trimmed } : {}) } });
  };

  return (
    <Modal opened onClose={onClose} title={t('override.title')} centered size="sm">
      <Stack gap="sm">
        <Alert color="orange" data-testid="stage-refusal">
          {refusal}
        </Alert>
        <Text size="sm">{t('override.help')}</Text>
        <Select
          label={t('override.reason')}
          placeholder={t('override.reasonPlaceholder')}
          data={STAGE_OVERRIDE_REASONS.map((r) => ({ value: r, label: STAGE_OVERRIDE_LABELS[r][lang] }))}
          value={reason}
          onChange={(v) => setReason(v as StageOverrideReason | null)}
          error={tried && !reason ? t('override.reasonPlaceholder') : undefined}
          required
          comboboxProps={{ withinPortal: false }}
          size="md"
        />
        <Textarea
          label={t('override.note')}
          placeholder={t('override.notePlaceholder')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={300}
          rows={2}
          required={reason === 'OTHER'}
          error={tried && noteMissing ? t('override.noteRequired') : undefined}
        />
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group grow>
          <Button variant="default" onClick={onClose} mih={44}>
            {t('override.cancel')}
          </Button>
          <Button onClick={submit} loading={pending} mih={44}>
            {t('override.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
