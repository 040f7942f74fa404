import { IST_TIME_ZONE } from '@bhada/contracts/time';
import { CREDIT_BINS, DECLINED_CARD, DECLINED_CVV, NB_CHANNELS, SANDBOX_OTP } from './catalogue.ts';
import type { SandboxOrder } from './sandbox.repository.ts';

/** The sandbox's simulated bank page: plain HTML, no assets, readable at 360 px. */

const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const rupees = (paisa: number) => `₹${(paisa / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Stands where the page's script nonce goes; the route swaps in a fresh one with its CSP (the site allows no inline script). */
export const SCRIPT_NONCE = '__SCRIPT_NONCE__';

function layout(title: string, inner: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f4f8;color:#1b2330}
main{max-width:440px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px rgba(0,0,0,.08);margin-bottom:16px}
.tag{display:inline-block;background:#fff3cd;color:#7a5a00;border-radius:6px;padding:2px 8px;font-size:12px;font-weight:600}
h1{font-size:20px;margin:8px 0 4px} dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:12px 0}
dt{color:#5b6573} dd{margin:0;font-weight:600;word-break:break-all}
label{display:block;font-size:14px;margin:12px 0 4px} input{width:100%;box-sizing:border-box;padding:10px;font-size:16px;border:1px solid #c5ccd6;border-radius:8px}
.row{display:flex;flex-direction:column;gap:8px;margin-top:16px} button{padding:12px;font-size:16px;border:0;border-radius:8px;cursor:pointer;font-weight:600}
.ok{background:#1e8e3e;color:#fff}.no{background:#d93025;color:#fff}.wait{background:#f9ab00;color:#1b2330}
.err{background:#fdecea;color:#a50e0e;padding:8px 12px;border-radius:8px} small,li{color:#5b6573;font-size:13px} ul{padding-left:18px}
</style></head><body><main>${inner}</main>${script ? `<script nonce="${SCRIPT_NONCE}">${script}</script>` : ''}</body></html>`;
}

function describe(order: SandboxOrder): string {
  if (order.paymentMode === 'NET_BANKING')
    return NB_CHANNELS.find((c) => c.channelCode === order.channelCode)?.channelName ?? 'Net banking';
  if (order.paymentMode === 'UPI') return `UPI · ${order.payerAccount ?? ''}`;
  return `${order.paymentMode === 'CREDIT_CARD' ? 'Credit' : 'Debit'} card ···· ${order.cardLast4 ?? ''}`;
}

const HELP = `<div class="card"><strong>How this sandbox works</strong><ul>
<li>OTP for cards and net banking: <b>${SANDBOX_OTP}</b>. Failure and Pending need no OTP.</li>
<li>Card <b>${DECLINED_CARD}</b> or CVV <b>${DECLINED_CVV}</b> is always declined.</li>
<li>BINs ${CREDIT_BINS.join(', ')} are credit cards; other BINs are debit cards.</li>
<li>UPI ids <b>success@…</b>, <b>failure@…</b>, <b>pending@…</b> decide by themselves; <b>invalid@…</b> fails verification.</li>
<li>Pending payments resolve to success on a timer, or with the buttons on this page; the merchant learns it from its status check.</li>
</ul></div>`;

/** The bank / UPI approval page the browser lands on after processTransaction. */
export function bankPage(base: string, order: SandboxOrder, error?: string): string {
  const action = `${base}/bank/${encodeURIComponent(order.orderId)}/decide`;
  const upi = order.paymentMode === 'UPI';
  const auto = upi && order.forcedOutcome;
  const autoOutcome = order.forcedOutcome === 'TXN_SUCCESS' ? 'SUCCESS' : order.forcedOutcome === 'TXN_FAILURE' ? 'FAILURE' : 'PENDING';
  const inner = `<div class="card"><span class="tag">SANDBOX · no real money</span>
<h1>${upi ? 'Approve the payment in your UPI app' : 'Bank verification'}</h1>
<dl><dt>Merchant</dt><dd>Bhada</dd><dt>Order</dt><dd>${esc(order.orderId)}</dd><dt>Amount</dt><dd>${esc(rupees(order.amountPaisa))}</dd><dt>Pay by</dt><dd>${esc(describe(order))}</dd></dl>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(action)}" id="decide">
${upi ? '' : `<label for="otp">One-time password (sandbox: ${SANDBOX_OTP})</label><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6">`}
<div class="row"><button class="ok" name="outcome" value="SUCCESS">Success</button><button class="no" name="outcome" value="FAILURE">Failure</button><button class="wait" name="outcome" value="PENDING">Pending</button></div>
${auto ? `<input type="hidden" name="auto" value="${autoOutcome}"><p><small>This UPI id decides the outcome (${autoOutcome}); continuing in a moment…</small></p>` : ''}
</form></div>${HELP}`;
  const script = auto
    ? `setTimeout(function(){var f=document.getElementById('decide');var i=document.createElement('input');i.type='hidden';i.name='outcome';i.value='${autoOutcome}';f.appendChild(i);f.submit();},1200);`
    : '';
  return layout('Sandbox bank', inner, script);
}

/** Posts the signed callback to the merchant, as the provider's redirect does. */
export function callbackPage(callbackUrl: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  return layout(
    'Returning to merchant',
    `<div class="card"><span class="tag">SANDBOX</span><h1>Returning to Bhada…</h1><form method="post" action="${esc(callbackUrl)}">${inputs}<noscript><button class="ok">Continue</button></noscript></form></div>`,
    'document.forms[0].submit();',
  );
}

const STATUS_LABEL: Record<string, string> = {
  CREATED: 'not started',
  PROCESSING: 'waiting for the bank',
  PENDING: 'pending at the bank',
  TXN_SUCCESS: 'successful',
  TXN_FAILURE: 'failed',
};

/** Testers in India read India time. */
const istTime = (at: Date) =>
  `${at.toLocaleString('en-IN', { timeZone: IST_TIME_ZONE, day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' })} IST`;

/** What the sandbox knows about an order; a pending one can be resolved here. */
export function statusPage(base: string, order: SandboxOrder | undefined, message?: string): string {
  if (!order) return layout('Sandbox bank', '<div class="card"><h1>Unknown order</h1></div>');
  const resolve = `${base}/bank/${encodeURIComponent(order.orderId)}/resolve`;
  const pending = order.status === 'PENDING';
  const inner = `<div class="card"><span class="tag">SANDBOX</span><h1>Payment ${esc(STATUS_LABEL[order.status] ?? order.status)}</h1>
<dl><dt>Order</dt><dd>${esc(order.orderId)}</dd><dt>Amount</dt><dd>${esc(rupees(order.amountPaisa))}</dd>${
    order.resolveAt ? `<dt>Resolves at</dt><dd>${esc(istTime(order.resolveAt))}</dd>` : ''
  }</dl>${message ? `<p>${esc(message)}</p>` : ''}
${pending ? `<form method="post" action="${esc(resolve)}"><div class="row"><button class="ok" name="to" value="SUCCESS">Resolve as Success</button><button class="no" name="to" value="FAILURE">Resolve as Failure</button></div></form>` : ''}
</div>${HELP}`;
  return layout('Sandbox bank', inner);
}
