/** /admin/emails: the e-mails the shop sent (linked from Settings' e-mail integration). */
import { SentEmails } from '@/web/features/admin-orders/components/sent-emails';

export function EmailsPage() {
  return <SentEmails />;
}
