/** The back office's list of the e-mails the shop sent (`/api/admin/emails`). */
import { z } from 'zod';

/** The page the admin's list asks for, and the server's page when none is asked. */
export const SENT_EMAILS_PAGE_SIZE = 50;

/** `GET /api/admin/emails`: one page, of every message or one order's. */
export const sentEmailListQuery = z.object({
  order_id: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(100).optional().default(SENT_EMAILS_PAGE_SIZE),
});

export interface SentEmail {
  id: string;
  order_id: string | null;
  kind: string;
  to_address: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  transport: string;
  error: string | null;
  sent_at: string | null;
  opened_at: string | null;
  created_at: string;
}

/** `GET /api/admin/emails` answers. */
export interface SentEmailList {
  emails: SentEmail[];
  total: number;
  page: number;
  page_size: number;
}

/** `GET /api/admin/emails/:id` answers: the message with its rendered bodies. */
export interface SentEmailWithBodies extends SentEmail {
  html: string;
  text_body: string;
}
