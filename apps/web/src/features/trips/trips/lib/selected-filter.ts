import { TRIP_FILTERS, type TripFilterKey } from '@bhada/contracts/trips/trips';
import { useCallback, useState } from 'react';

/** spec §4: the chosen trip filter is kept in local storage and survives a reload. */
const KEY = 'tripStateFilter';
const isKey = (v: unknown): v is TripFilterKey => TRIP_FILTERS.some((f) => f.key === v);

function read(): TripFilterKey {
  try {
    const v = window.localStorage.getItem(KEY);
    return isKey(v) ? v : 'ACTIVE';
  } catch {
    return 'ACTIVE';
  }
}

export function useSelectedTripFilter(): [TripFilterKey, (key: TripFilterKey) => void] {
  const [selected, setSelected] = useState<TripFilterKey>(read);
  const select = useCallback((key: TripFilterKey) => {
    setSelected(key);
    try {
      window.localStorage.setItem(KEY, key);
    } catch {
      // a locked-down webview: the choice lasts for this page view only
    }
  }, []);
  return [selected, select];
}
