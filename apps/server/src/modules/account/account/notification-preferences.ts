import type { NotificationChannel } from '@bhada/contracts/account/account';
import type { Db } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import type { Message, Notifier, StoredMessage } from '../../../plugins/notifier.ts';
import * as repo from './account.repository.ts';
import { notificationAllowed } from './account.service.ts';

const CHANNEL: Record<Message['channel'], NotificationChannel> = { sms: 'SMS', email: 'EMAIL' };

/**
 * The notifier services use: a message that carries a preference goes only when its recipient has
 * not stopped that kind on that channel in Settings (ADR 114). The check sits here, under every
 * sender, so no module can forget it.
 */
export function respectingPreferences(notifier: Notifier, db: Db): Notifier {
  return {
    list: (limit) => notifier.list(limit),
    async send(message) {
      const preference = message.preference;
      if (preference) {
        const userId =
          preference.userId ?? (preference.operatorId ? await repo.findOwnerUserId(db, { operatorId: preference.operatorId }) : undefined);
        const allowed = userId
          ? await notificationAllowed({ db }, { userId, kind: preference.kind, channel: CHANNEL[message.channel] })
          : true;
        if (!allowed) return withheld(message);
      }
      return notifier.send(message);
    },
  };
}

function withheld({ attachments: _attachments, preference: _preference, ...message }: Message): StoredMessage {
  return { ...message, id: newId('MSG'), sentAt: new Date().toISOString(), via: 'withheld' };
}
