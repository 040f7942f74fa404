import '@mantine/dates/styles.css';
import 'dayjs/locale/hi';
import { istWallClock } from '@bhada/contracts/time';
import { DatePickerInput, DatesProvider, DateTimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one date (and date-time) picker of the portal (spec: marketplace §5): no future dates unless a
 * field is about the future (a licence expiry, a loading time), the spec's formats MM/dd/yyyy and
 * MM/dd/yyyy HH:mm, and a calendar that speaks Hindi when the portal does (ADR 146).
 *
 * Values keep the shape the browser's own inputs used, so a form's state does not change with the
 * picker: `YYYY-MM-DD` for a date, `YYYY-MM-DDTHH:mm` with `withTime`; '' when empty.
 */
export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY HH:mm';

/** Today's date, or this minute, in India: the latest a past-only field accepts. */
export function indiaNow(withTime: boolean): string {
  const wall = istWallClock(new Date()).toISOString();
  return withTime ? `${wall.slice(0, 10)} ${wall.slice(11, 16)}:59` : wall.slice(0, 10);
}

const toPicker = (value: string | undefined, withTime: boolean): string | null => {
  if (!value) return null;
  if (!withTime) return value.slice(0, 10);
  const [date, time = '00:00'] = value.split(/[T ]/);
  return `${date} ${time.slice(0, 5)}:00`;
};

const fromPicker = (value: string | null, withTime: boolean): string => {
  if (!value) return '';
  return withTime ? `${value.slice(0, 10)}T${value.slice(11, 16)}` : value.slice(0, 10);
};

export type DateFieldProps = {
  label: ReactNode;
  value?: string;
  onChange: (value: string) => void;
  withTime?: boolean;
  /** the field is about the future (an expiry, a loading time): today is no upper bound */
  allowFuture?: boolean;
  /** `YYYY-MM-DD` bounds on top of the default (never after today) */
  minDate?: string;
  maxDate?: string;
  error?: ReactNode;
  required?: boolean;
  clearable?: boolean;
  placeholder?: string;
  disabled?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
  'data-testid'?: string;
};

export function DateField({
  label,
  value,
  onChange,
  withTime = false,
  allowFuture = false,
  minDate,
  maxDate,
  clearable = true,
  ...rest
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? i18n.language) === 'hi' ? 'hi' : 'en';
  const today = indiaNow(withTime);
  const upper = allowFuture ? maxDate : maxDate && maxDate < today ? maxDate : today;
  const common = {
    label,
    clearable,
    minDate,
    maxDate: upper,
    popoverProps: { withinPortal: true },
    // the clear button is an icon: it needs a name of its own (axe button-name)
    clearButtonProps: { 'aria-label': t('common:clearDate') },
    ...rest,
  };
  return (
    <DatesProvider settings={{ locale }}>
      {withTime ? (
        <DateTimePicker
          {...common}
          valueFormat={DATE_TIME_FORMAT}
          value={toPicker(value, true)}
          onChange={(next) => onChange(fromPicker(next, true))}
        />
      ) : (
        <DatePickerInput
          {...common}
          valueFormat={DATE_FORMAT}
          value={toPicker(value, false)}
          onChange={(next) => onChange(fromPicker(next, false))}
        />
      )}
    </DatesProvider>
  );
}
