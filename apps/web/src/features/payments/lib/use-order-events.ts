import { ORDER_STATUS_EVENT } from '@bhada/contracts/payments';
import { useEffect } from 'react';
import { storage } from '../../../lib/storage.ts';

/**
 * Follows `order:{id}` on the event stream while the result is pending, so the screen updates
 * itself when the payment settles (no manual refresh).
 */
export function useOrderEvents(orderId: string, enabled: boolean, onChange: () => void) {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const token = storage.get('accessToken') ?? '';
    const url = `/api/events/stream?topics=${encodeURIComponent(`order:${orderId}`)}&token=${encodeURIComponent(token)}`;
    const source = new EventSource(url);
    source.addEventListener(ORDER_STATUS_EVENT, onChange);
    // after a reconnect the status may have changed while we were away
    source.addEventListener('ready', onChange);
    return () => source.close();
  }, [orderId, enabled, onChange]);
}
