import { istDayEnd, istDayStart } from '@bhada/contracts/time';
import type { ServiceContext } from '../../../lib/context.ts';
import { notFound } from '../../../lib/errors.ts';
import { asOperatorId, type ConsignerCode } from '../../../lib/tenancy.ts';
import * as repo from './operations.repository.ts';

/** The consigner's own views (ADR 133): its vehicles, its mailed reports, its demands' documents. */

export interface ConsignerActor {
  consignerCode: ConsignerCode;
  userId: string;
}

/** A lane filter is `Origin-Destination` city names (what getFilters offers). */
function laneCities(laneCode: string | undefined) {
  if (!laneCode) return {};
  const [originCity, destinationCity] = laneCode.split('|');
  return { originCity, destinationCity };
}

export async function consignerVehicles(
  ctx: ServiceContext,
  {
    actor,
    query,
  }: {
    actor: ConsignerActor;
    query: { pageNo: number; pageSize: number; state?: string; laneCode?: string; operatorId?: string; fromDate?: string; toDate?: string };
  },
) {
  const { rows, total } = await repo.listConsignerVehicles(ctx.db, {
    consignerCode: actor.consignerCode,
    state: query.state,
    ...laneCities(query.laneCode),
    // narrows the consigner's own trips, so any operator id the consigner names is safe to take
    operatorId: query.operatorId ? asOperatorId(query.operatorId) : undefined,
    from: query.fromDate ? istDayStart(query.fromDate) : undefined,
    to: query.toDate ? istDayEnd(query.toDate) : undefined,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  });
  return {
    list: rows.map((r) => ({
      vNo: r.number,
      vId: r.vehicleId,
      operatorId: r.operatorId,
      operatorName: r.operatorName,
      tripId: r.tripId,
      tripState: r.state,
      originCity: r.originCity,
      destinationCity: r.destinationCity,
      tripCount: r.tripCount,
      lastLocation: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng, city: r.city, at: null } : null,
      lastTripAt: new Date(r.createdAt).toISOString(),
    })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount: total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

export async function consignerFilters(ctx: ServiceContext, { actor }: { actor: ConsignerActor }) {
  const f = await repo.consignerFilterOptions(ctx.db, { consignerCode: actor.consignerCode });
  return {
    states: f.states,
    lanes: f.lanes.map((l) => ({ code: `${l.origin}|${l.destination}`, label: `${l.origin} → ${l.destination}` })),
    operators: f.operators,
  };
}

/**
 * The documents of one of the consigner's demands (spec: "GET demand/{code}/document"): the docket,
 * its goods invoices and e-way bill, POD photos and bilti, through signed view URLs. Another
 * consigner's demand is not found.
 */
export async function demandDocuments(ctx: ServiceContext, { actor, demandId }: { actor: ConsignerActor; demandId: string }) {
  const demand = await repo.findConsignerDemand(ctx.db, { consignerCode: actor.consignerCode, demandId });
  const trip = await repo.findConsignerTripByDemand(ctx.db, { consignerCode: actor.consignerCode, demandId });
  if (!demand && !trip) throw notFound('Demand not found');
  if (!trip) return { demandId, tripId: null, documents: [] };
  const documents: Array<{
    type: 'DOCKET' | 'INVOICE' | 'EWAY_BILL' | 'POD' | 'BILTI';
    number: string | null;
    date: string | null;
    valueInPaisa: number | null;
    viewUrl: string | null;
  }> = [];
  const consignment = await repo.findConsignmentByTrip(ctx.db, { tripId: trip.id });
  if (consignment) {
    const docket = await repo.findDocket(ctx.db, { consignmentId: consignment.id });
    if (docket) {
      documents.push({
        type: 'DOCKET',
        number: docket.docketNumber,
        date: docket.docketDate,
        valueInPaisa: consignment.freightPaisa,
        viewUrl: null,
      });
      if (docket.ewayBillNumber) {
        documents.push({
          type: 'EWAY_BILL',
          number: docket.ewayBillNumber,
          date: docket.ewayBillValidUntil?.toISOString() ?? null,
          valueInPaisa: null,
          viewUrl: null,
        });
      }
    }
    for (const inv of await repo.listInvoices(ctx.db, { consignmentId: consignment.id })) {
      documents.push({
        type: 'INVOICE',
        number: inv.invoiceNumber,
        date: inv.invoiceDate,
        valueInPaisa: inv.valuePaisa,
        viewUrl: inv.fileKey ? await ctx.storage.viewUrl(inv.fileKey, 900) : null,
      });
    }
  }
  for (const f of await repo.listTripDocumentFiles(ctx.db, { tripId: trip.id })) {
    documents.push({
      type: f.docType === 'BILTI' ? 'BILTI' : 'POD',
      number: null,
      date: f.createdAt.toISOString(),
      valueInPaisa: null,
      viewUrl: f.hasFile ? await ctx.storage.viewUrl(f.key, 900) : null,
    });
  }
  return { demandId, tripId: trip.id, documents };
}
