// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): MailApp and GmailApp.sendEmail. Messages go to the
// emulator's outbox (GET /__emulator/outbox); nothing is ever sent.
import type { GuestValue, Kernel } from './kernel.ts';

export function installMail(g: GuestValue, k: Kernel): void {
  const OPTIONS = ['cc', 'bcc', 'htmlBody', 'name', 'replyTo', 'noReply', 'attachments', 'inlineImages'];
  function send(method: string, args: ArrayLike<GuestValue>) {
    const [first, subject, body, options] = [args[0], args[1], args[2], args[3]];
    let message: Record<string, GuestValue>;
    if (args.length === 1 && first !== null && typeof first === 'object') message = { ...first };
    else if (typeof first === 'string' && typeof subject === 'string' && typeof body === 'string') {
      message = { to: first, subject, body };
      if (options !== undefined && options !== null && typeof options === 'object')
        for (const key of OPTIONS) if (options[key] !== undefined) message[key] = options[key];
    } else throw k.signature(method, args);
    if (message.attachments !== undefined || message.inlineImages !== undefined)
      throw k.exception(`${method}: attachments are not implemented in the emulator.`);
    delete message.noReply;
    k.host('MailApp', 'send', [message]);
  }
  g.MailApp = k.service('MailApp', {
    sendEmail() {
      send('MailApp.sendEmail', arguments);
    },
    getRemainingDailyQuota: () => k.host('MailApp', 'quota', []),
  });
  const gmail = k.service('GmailApp', {
    sendEmail() {
      send('GmailApp.sendEmail', arguments);
      return gmail;
    },
  });
  g.GmailApp = gmail;
}
