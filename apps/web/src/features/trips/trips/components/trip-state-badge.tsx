import type { TripState } from '@bhada/contracts/trips/trips';
import { Badge } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TripState, string> = {
  ASSIGNED: 'gray',
  REACHED_LOADING: 'blue',
  LOADED: 'blue',
  IN_TRANSIT: 'indigo',
  REACHED_UNLOADING: 'violet',
  UNLOADED: 'grape',
  POD_SUBMITTED: 'yellow',
  POD_REJECTED: 'red',
  POD_VERIFIED: 'teal',
  COMPLETED: 'green',
  CANCELLED: 'dark',
};

export function TripStateBadge({ state, style }: { state: TripState; style?: CSSProperties }) {
  const { t } = useTranslation('trips');
  return (
    <Badge color={COLOR[state]} variant="light" style={style}>
      {t(`states.${state}`)}
    </Badge>
  );
}
