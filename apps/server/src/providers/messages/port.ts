/**
 * The message port (issue 46): what the portal asks of a provider that carries messages to phones, whichever
 * provider configuration picks (ADR 265). A message is a kind (which registered template it uses) and the
 * variables that template takes; the provider never sees free text, because Indian DLT rules let an SMS out
 * only when it matches a template registered for the sender.
 */

export const MESSAGE_CHANNELS = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The kinds that go through a provider; each has one registered template per channel. */
export const MESSAGE_KINDS = ['LOGIN_OTP', 'TRIP_STAGE_OTP'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const isMessageKind = (kind: string): kind is MessageKind => (MESSAGE_KINDS as readonly string[]).includes(kind);

/** Kinds that carry a code: their variables are sealed while queued and never shown to support. */
export const CODE_KINDS: ReadonlySet<MessageKind> = new Set(['LOGIN_OTP', 'TRIP_STAGE_OTP']);

export type MessageState = 'queued' | 'sent' | 'delivered' | 'failed';

/**
 * The text of each template as registered on the DLT platform, `##name##` standing for a variable (the
 * placeholder form MSG91 flows use). The provider holds the registered copy; this one is what the sandbox
 * renders and what an operator registers (README, "Messages").
 */
export const SMS_TEMPLATES: Record<MessageKind, { text: string; variables: readonly string[] }> = {
  LOGIN_OTP: {
    text: '##otp## is your Bhada login code. It expires in 5 minutes. Do not share it with anyone.',
    variables: ['otp'],
  },
  TRIP_STAGE_OTP: {
    text: '##otp## is the Bhada ##stage## code for vehicle ##vehicle## (trip ##trip##). Share it with the driver only after the truck is ##done##. Valid for 10 minutes.',
    variables: ['otp', 'stage', 'vehicle', 'trip', 'done'],
  },
};

/** A template with its variables filled in; a variable not given stays empty. */
export function renderTemplate(text: string, variables: Record<string, string>): string {
  return text.replace(/##([A-Za-z0-9_]+)##/g, (_all, name: string) => variables[name] ?? '');
}

export interface OutgoingMessage {
  kind: MessageKind;
  /** a 10-digit Indian mobile number */
  to: string;
  variables: Record<string, string>;
  /** our id of the message: sent along where the provider takes one, so a report can name it */
  reference: string;
}

export type SendResult =
  | { ok: true; providerMessageId: string }
  /** `retryable`: the provider did not take the message but may later (network, 5xx, rate limit) */
  | { ok: false; retryable: boolean; reason: string };

export interface DeliveryReport {
  providerMessageId: string;
  /** the number the report is for, as the provider writes it (with or without the country code) */
  recipient?: string;
  state: 'delivered' | 'failed';
  reason?: string;
}

export interface MessageProvider {
  /** `msg91`, or `sandbox` for the built-in one speaking the same API */
  readonly name: string;
  readonly channel: MessageChannel;
  send(message: OutgoingMessage): Promise<SendResult>;
  /** the reports one webhook call carries, or null when the body is not in the provider's shape */
  readReports(body: unknown): DeliveryReport[] | null;
}

/** A fetch-like call, so the adapter reaches the sandbox in-process and tests a loopback server. */
export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{ status: number; text(): Promise<string> }>;

export const fetchTransport: Transport = async (url, init) => {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: () => res.text() };
};
