import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SENT_EMAILS_PAGE_SIZE, type SentEmailList, type SentEmailWithBodies } from '@/domain/sent-emails';
import { apiFetch } from '@/web/lib/api-client';

export function useSentEmails(page: number) {
  return useQuery({
    queryKey: ['admin', 'emails', page],
    queryFn: () => apiFetch<SentEmailList>(`/api/admin/emails?page=${page}&page_size=${SENT_EMAILS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export function useSentEmail(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'emails', 'one', id],
    queryFn: () => apiFetch<SentEmailWithBodies>(`/api/admin/emails/${id}`),
    enabled: Boolean(id),
  });
}
