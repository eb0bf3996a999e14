import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

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

export interface SentEmailList {
  emails: SentEmail[];
  total: number;
  page: number;
  page_size: number;
}

export const EMAILS_PAGE_SIZE = 50;

export function useSentEmails(page: number) {
  return useQuery({
    queryKey: ['admin', 'emails', page],
    queryFn: () => apiFetch<SentEmailList>(`/api/admin/emails?page=${page}&page_size=${EMAILS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export function useSentEmail(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'emails', 'one', id],
    queryFn: () => apiFetch<SentEmail & { html: string; text_body: string }>(`/api/admin/emails/${id}`),
    enabled: Boolean(id),
  });
}
