import { ORDER_STATUS_EVENT } from '@bhada/contracts/money/payments';
import { useEventStream } from '../../../../lib/event-stream.ts';

/**
 * Follows `order:{id}` on the event stream while the result is pending, so the screen updates
 * itself when the payment settles (no manual refresh).
 */
export function useOrderEvents(orderId: string, enabled: boolean, onChange: () => void) {
  useEventStream(`order:${orderId}`, enabled, {
    [ORDER_STATUS_EVENT]: onChange,
    // after a reconnect the status may have changed while we were away
    ready: onChange,
  });
}
