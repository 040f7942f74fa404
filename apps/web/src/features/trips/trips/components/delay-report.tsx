import '@mantine/dates/styles.css';
import 'dayjs/locale/hi';
import { ACTIVE_TRIP_STATES, PRE_LOADING_STATES, type TripState } from '@bhada/contracts/trips/trips';
import { Alert, Button, Chip, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconClockExclamation } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, IST, toIst } from '../../../../lib/format.ts';
import { isApiError } from '../../../../lib/http.ts';
import { toast } from '../../../../lib/notify.ts';
import { type DelayType, useDelay, useReasons, useReportDelay } from '../api/delay.ts';

/** spec §5: the picker shows MM/dd/yyyy HH:mm (dayjs tokens). */
export const DATE_TIME_FORMAT = 'MM/DD/YYYY HH:mm';
const PICKER_VALUE = 'YYYY-MM-DD HH:mm:ss';

export function delayTypeFor(state: TripState): DelayType | null {
  if (PRE_LOADING_STATES.includes(state)) return 'LOADING';
  if (state === 'REACHED_UNLOADING') return 'UNLOADING';
  return ACTIVE_TRIP_STATES.includes(state) ? 'TRANSIT' : null;
}

/** The picker's wall-clock value is India time, whatever the phone's zone (ARCHITECTURE §5). */
const pickerToIso = (value: string) => dayjs.tz(value, IST).toISOString();
const isoToPicker = (iso: string) => toIst(iso).format(PICKER_VALUE);

/** spec §7 `v1/trip/{id}/delay` with `v2/trip/{id}/reasons`: a reason, remarks and the new time. */
export function DelayReport({ tripId, state }: { tripId: string; state: TripState }) {
  const { t } = useTranslation('trips');
  const [open, setOpen] = useState(false);
  const type = delayTypeFor(state);
  if (!type) return null;
  return (
    <>
      <Button variant="light" color="orange" leftSection={<IconClockExclamation size={18} />} onClick={() => setOpen(true)} mih={44}>
        {t('tripActions.delay.open')}
      </Button>
      {open ? <DelayModal tripId={tripId} type={type} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DelayModal({ tripId, type, onClose }: { tripId: string; type: DelayType; onClose: () => void }) {
  const { t, i18n } = useTranslation('trips');
  const hindi = i18n.language === 'hi';
  const delay = useDelay(tripId, type, true);
  const reasons = useReasons(tripId, 'DELAY', true);
  const report = useReportDelay();
  const [reasonCode, setReasonCode] = useState('');
  const [remarks, setRemarks] = useState('');
  const [newTime, setNewTime] = useState<string | null>(null);
  const now = dayjs().tz(IST);
  const tooEarly = newTime ? !dayjs.tz(newTime, IST).isAfter(now) : false;
  // a refused reason and any other failure are told apart by the spec's two messages (§8)
  const error = report.error
    ? isApiError(report.error) && report.error.field === 'reasonCode'
      ? t('reasonError')
      : t('tripActions.delay.remarksError')
    : reasons.isError
      ? t('reasonError')
      : null;
  const data = delay.data;
  return (
    <Modal opened onClose={onClose} title={hindi || !data ? t('tripActions.delay.heading') : data.heading} centered>
      <Stack gap="sm">
        {data?.infoWidget ? (
          <Alert color="blue" title={hindi ? t('tripActions.delay.infoTitle') : data.infoWidget.title}>
            {hindi ? t('tripActions.delay.infoText') : data.infoWidget.description}
          </Alert>
        ) : null}
        <Radio.Group value={reasonCode} onChange={setReasonCode} label={t('tripActions.delay.reason')} withAsterisk>
          <Stack gap={6} mt={4}>
            {(reasons.data?.reasons ?? []).map((r) => (
              <Radio key={r.code} value={r.code} label={hindi ? r.labelHi : r.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea label={t('remarks')} value={remarks} maxLength={500} rows={2} onChange={(e) => setRemarks(e.currentTarget.value)} />
        <DateTimePicker
          label={t('tripActions.delay.newTime')}
          placeholder={DATE_TIME_FORMAT}
          valueFormat={DATE_TIME_FORMAT}
          locale={hindi ? 'hi' : 'en'}
          minDate={now.format('YYYY-MM-DD')}
          value={newTime}
          onChange={(v) => setNewTime(v)}
          clearable
          error={tooEarly ? t('tripActions.delay.futureOnly') : undefined}
          data-testid="delay-new-time"
        />
        {data?.slots.some((s) => s.available) ? (
          <Stack gap={4}>
            <Text size="sm">{t('tripActions.delay.slotHint')}</Text>
            <Group gap={6}>
              {data.slots
                .filter((s) => s.available)
                .slice(0, 4)
                .map((s) => (
                  <Chip
                    key={s.start}
                    checked={newTime === isoToPicker(s.start)}
                    onChange={() => setNewTime(isoToPicker(s.start))}
                    size="md"
                  >
                    {toIst(s.start).format('DD MMM, hh:mm A')}
                  </Chip>
                ))}
            </Group>
          </Stack>
        ) : null}
        {data?.reported.length ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('tripActions.delay.reported')}
            </Text>
            {data.reported.map((d) => (
              <Text key={d.createdAt} size="sm">
                {formatDateTime(d.createdAt)} · {d.reason}
                {d.expectedAt ? ` → ${formatDateTime(d.expectedAt)}` : ''}
              </Text>
            ))}
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button
          disabled={!reasonCode || tooEarly}
          loading={report.isPending}
          mih={44}
          onClick={() =>
            report.mutate(
              {
                tripId,
                type,
                reasonCode,
                remarks: remarks.trim() || undefined,
                expectedAt: newTime ? pickerToIso(newTime) : undefined,
              },
              {
                onSuccess: () => {
                  toast({ msg: t('tripActions.delay.done') });
                  onClose();
                },
              },
            )
          }
        >
          {t('tripActions.delay.submit')}
        </Button>
      </Stack>
    </Modal>
  );
}
