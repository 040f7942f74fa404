import type { DeliveryReport, MessageKind, MessageProvider, OutgoingMessage, SendResult, Transport } from './port.ts';
import { fetchTransport } from './port.ts';

/**
 * SMS through MSG91's Flow API (ADR 266): `POST {host}/api/v5/flow` with the `authkey` header and a JSON body
 * naming the template (`template_id`, MSG91's id of a flow mapped to its DLT template), the DLT-approved
 * sender id and one recipient with the template's variables. MSG91 answers `{"type":"success","message":
 * "<request id>"}` or `{"type":"error","message":"…"}`; the request id is what its delivery reports name.
 */
export interface Msg91Options {
  name?: string;
  authKey: string;
  /** the six-letter header approved on the DLT platform */
  senderId: string;
  /** MSG91 template ids per message kind */
  templates: Partial<Record<MessageKind, string>>;
  /** https://control.msg91.com, or the sandbox's prefix */
  host: string;
  transport?: Transport;
}

/** MSG91 wants the number with its country code and no plus sign. */
export const msg91Mobile = (phone: string) => (phone.length === 10 ? `91${phone}` : phone.replace(/^\+/, ''));

export function msg91Adapter(options: Msg91Options): MessageProvider {
  const transport = options.transport ?? fetchTransport;
  const url = `${options.host.replace(/\/$/, '')}/api/v5/flow`;
  return {
    name: options.name ?? 'msg91',
    channel: 'sms',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const templateId = options.templates[message.kind];
      if (!templateId) return { ok: false, retryable: false, reason: `no MSG91 template for ${message.kind}` };
      const body = {
        template_id: templateId,
        sender: options.senderId,
        short_url: '0',
        recipients: [{ mobiles: msg91Mobile(message.to), ...message.variables }],
      };
      let status: number;
      let text: string;
      try {
        const res = await transport(url, {
          method: 'POST',
          headers: { authkey: options.authKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        });
        status = res.status;
        text = await res.text();
      } catch (err) {
        // nothing reached the provider, or its answer never came back: try again later
        return { ok: false, retryable: true, reason: `MSG91 unreachable: ${(err as Error).message}` };
      }
      let answer: { type?: unknown; message?: unknown; code?: unknown } = {};
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        answer = {};
      }
      if (status >= 200 && status < 300 && answer.type === 'success' && typeof answer.message === 'string' && answer.message) {
        return { ok: true, providerMessageId: answer.message };
      }
      const reason = `MSG91 ${status}: ${typeof answer.message === 'string' ? answer.message.slice(0, 200) : text.slice(0, 200)}`;
      // a refusal of this request (bad key, unknown template, invalid number) does not get better by waiting
      const retryable = status >= 500 || status === 429 || status === 408;
      return { ok: false, retryable, reason };
    },
    readReports: readMsg91Reports,
  };
}

const DELIVERED = new Set(['1', 'delivered']);
/** 2 failed, 9 NDNC, 16 and 25 rejected, 17 blocked number (MSG91's table of report statuses) */
const FAILED = new Set(['2', '9', '16', '17', '25', 'failed', 'rejected', 'ndnc', 'blocked']);

function reportOf(requestId: unknown, number: unknown, status: unknown, desc: unknown): DeliveryReport | null {
  if (typeof requestId !== 'string' || !requestId) return null;
  const s = String(status ?? '').toLowerCase();
  const state = DELIVERED.has(s) ? 'delivered' : FAILED.has(s) ? 'failed' : null;
  if (!state) return null;
  return {
    providerMessageId: requestId,
    recipient: typeof number === 'string' ? number : undefined,
    state,
    reason: typeof desc === 'string' && desc ? desc.slice(0, 200) : undefined,
  };
}

/**
 * The reports of one MSG91 webhook call, in any of the shapes its panel offers: version 2 (a form field
 * `data` holding a JSON array of requests, each with its `report` list), version 3 (one JSON object per
 * number) and the newer webhook (one JSON object with `requestId`, `status`, `telNum`). Statuses still on
 * the way (submitted, pending) carry no state and are skipped.
 */
export function readMsg91Reports(body: unknown): DeliveryReport[] | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (typeof b.data === 'string') {
    let requests: unknown;
    try {
      requests = JSON.parse(b.data);
    } catch {
      return null;
    }
    if (!Array.isArray(requests)) return null;
    const out: DeliveryReport[] = [];
    for (const r of requests as Array<Record<string, unknown>>) {
      if (!r || !Array.isArray(r.report)) continue;
      for (const line of r.report as Array<Record<string, unknown>>) {
        const rep = reportOf(r.requestId, line?.number, line?.status, line?.failedReason || line?.desc);
        if (rep) out.push(rep);
      }
    }
    return out;
  }
  if (typeof b.requestId === 'string') {
    const rep = reportOf(b.requestId, b.number ?? b.telNum, b.status, b.failureReason || b.desc);
    return rep ? [rep] : [];
  }
  return null;
}
