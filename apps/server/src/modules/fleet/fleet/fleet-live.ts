import { type FleetPosition, fleetTopic } from '@bhada/contracts/fleet/fleet';
import type { ServiceContext } from '../../../lib/context.ts';
import { throttle } from '../../../lib/throttle.ts';
import type { Actor } from '../../../plugins/auth.ts';
import { POSITIONS_TOPIC, type PositionsArrived } from '../../trips/tracking/tracking.service.ts';

/** How often, at most, one operator's GPS Dashboards receive positions (ADR 103). */
export const FLEET_PUSH_EVERY_MS = 3_000;

/** Who may follow `fleet:{operatorId}`: the operator's own users whose role may see vehicles. */
export function mayFollowFleet(actor: Actor, operatorId: string) {
  if (actor.kind !== 'OPERATOR' && actor.kind !== 'SUBORDINATE') return false;
  return actor.operatorId === operatorId && actor.permissions.has('VEHICLES_VIEW');
}

/**
 * The GPS Dashboard kept live (issue 12 §5): positions arriving for any vehicle (server topic
 * positions:all) are sorted by operator and kept newest-per-vehicle; each operator's are pushed on
 * `fleet:{operatorId}` at most once every 3 s as one event, whose frame the stream writes once for every
 * open dashboard. Nothing is read from the database on the way.
 */
export function registerFleetLive(ctx: Pick<ServiceContext, 'events'>, everyMs = FLEET_PUSH_EVERY_MS) {
  const pending = new Map<string, Map<string, FleetPosition>>();
  const pushers = new Map<string, () => void>();

  const push = (operatorId: string) => {
    const waiting = pending.get(operatorId);
    pending.delete(operatorId);
    if (!waiting?.size) return;
    const positions = [...waiting.values()];
    void ctx.events.publish({ topic: fleetTopic(operatorId), type: 'POSITIONS', data: { positions } }).catch(() => undefined);
  };

  return ctx.events.subscribe(POSITIONS_TOPIC, (event) => {
    const list = (event.data as Partial<PositionsArrived> | null)?.positions;
    if (!Array.isArray(list)) return;
    const touched = new Set<string>();
    for (const p of list) {
      touched.add(p.operatorId);
      let waiting = pending.get(p.operatorId);
      if (!waiting) {
        waiting = new Map();
        pending.set(p.operatorId, waiting);
      }
      const held = waiting.get(p.vehicleId);
      if (held && held.recordedAt > p.recordedAt) continue;
      waiting.set(p.vehicleId, {
        vehicleId: p.vehicleId,
        lat: p.lat,
        lng: p.lng,
        speedKmph: p.speedKmph,
        recordedAt: p.recordedAt,
        tripId: p.tripId,
      });
    }
    // after the whole batch is held, so a batch goes out as one push
    for (const operatorId of touched) {
      let pusher = pushers.get(operatorId);
      if (!pusher) {
        pusher = throttle(() => push(operatorId), everyMs);
        pushers.set(operatorId, pusher);
      }
      pusher();
    }
  });
}
