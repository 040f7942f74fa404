import type { TripDetailV2 } from '@bhada/contracts/trips/trips';
import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format.ts';

export function TripTimeline({ steps }: { steps: TripDetailV2['timeline'] }) {
  const { t } = useTranslation('trips');
  const active = Math.max(
    0,
    steps.findIndex((s) => s.current),
  );
  return (
    <Timeline active={active} bulletSize={16} lineWidth={2}>
      {steps.map((s) => (
        <Timeline.Item
          key={s.state}
          title={t(`states.${s.state}`)}
          color={s.state === 'POD_REJECTED' || s.state === 'CANCELLED' ? 'red' : undefined}
        >
          {s.at ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(s.at)}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
