import type { RedirectForm } from '@bhada/contracts/money/payments';

/**
 * spec fastag §4 Card payment: on resultStatus S the page builds a hidden form from the provider's
 * redirect form and submits it to the bank (or the UPI approval page).
 */
export function submitRedirectForm(form: RedirectForm, doc: Document = document): HTMLFormElement {
  const el = doc.createElement('form');
  el.method = form.method || 'post';
  el.action = form.actionUrl;
  el.style.display = 'none';
  for (const [name, value] of Object.entries(form.content ?? {})) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    el.appendChild(input);
  }
  doc.body.appendChild(el);
  el.submit();
  return el;
}
