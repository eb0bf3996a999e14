/** The e-mails the shop sent (outbox or SMTP), newest first, each with a rendered preview. */
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '@/domain/orders';
import { Pager } from '@/web/components/pager';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useSentEmail, useSentEmails } from '../api/list-emails';

const KINDS: Record<string, string> = {
  order_confirmation: 'Confirmation',
  order_shipped: 'Shipped',
  order_refund: 'Refund',
  account_sign_up: 'Sign-up',
  account_exists: 'Sign-up (known address)',
};

export function SentEmails() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const emails = useSentEmails(page);
  const preview = useSentEmail(open);
  const pages = emails.data ? Math.max(1, Math.ceil(emails.data.total / emails.data.page_size)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">E-mails</h1>
          <p className="mt-1 text-muted-foreground">Every e-mail the shop sent to customers, and what became of it.</p>
        </div>
        <Button variant="outline" onClick={() => void emails.refetch()} disabled={emails.isFetching}>
          <RefreshCw aria-hidden className={emails.isFetching ? 'animate-spin' : undefined} /> Refresh
        </Button>
      </div>
      <Card className="overflow-hidden">
        {emails.isPending ? (
          <div className="flex flex-col gap-3 p-4">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10" />
            ))}
          </div>
        ) : emails.isError ? (
          <p className="p-6 text-destructive">Failed to load e-mails: {emails.error.message}</p>
        ) : emails.data.emails.length === 0 ? (
          <p className="p-10 text-center text-muted-foreground">No e-mails sent yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Sent</TableHead>
                  <TableHead>To</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Kind</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Order</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {emails.data.emails.map((email) => (
                  <TableRow key={email.id} data-testid="email-row">
                    <TableCell className="whitespace-nowrap text-sm text-muted-foreground">
                      {relativeTime(email.sent_at ?? email.created_at)}
                    </TableCell>
                    <TableCell className="text-sm">{email.to_address}</TableCell>
                    <TableCell>
                      <button
                        type="button"
                        className="text-left font-medium hover:underline"
                        onClick={() => setOpen(email.id)}
                      >
                        {email.subject}
                      </button>
                    </TableCell>
                    <TableCell className="text-sm">{KINDS[email.kind] ?? email.kind}</TableCell>
                    <TableCell>
                      <Badge
                        variant={
                          email.status === 'sent'
                            ? email.opened_at
                              ? 'success'
                              : 'secondary'
                            : email.status === 'failed'
                              ? 'destructive'
                              : 'warning'
                        }
                        title={email.error ?? undefined}
                      >
                        {email.status === 'sent' && email.opened_at ? 'opened' : email.status}
                      </Badge>
                    </TableCell>
                    <TableCell className="font-mono text-xs">
                      {email.order_id ? (
                        <Link to={`/admin/orders/${email.order_id}`} className="hover:underline">
                          {email.order_id.slice(0, 8)}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>
      {emails.data && emails.data.total > emails.data.page_size ? (
        <Pager page={page} pages={pages} onPageChange={setPage}>
          Page {page} of {pages}
        </Pager>
      ) : null}
      <Dialog open={Boolean(open)} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{preview.data?.subject ?? 'E-mail'}</DialogTitle>
            <DialogDescription>To {preview.data?.to_address}</DialogDescription>
          </DialogHeader>
          {preview.data ? (
            // The message's own HTML, sandboxed: no scripts, no access to the back office.
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={preview.data.html}
              className="h-[60vh] w-full rounded-md border bg-white"
            />
          ) : (
            <Skeleton className="h-[60vh]" />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
