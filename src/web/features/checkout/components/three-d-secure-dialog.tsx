import { useRef } from 'react';
import { Loader2, ShieldCheck } from 'lucide-react';
import { formatCents } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';

/**
 * The built-in provider's 3-D Secure step, drawn like a card issuer's verification page.
 * It cannot be dismissed: the visitor approves or fails, as with a real bank's challenge.
 * Focus starts on Approve, the answer that harms nothing, not on Fail; when it closes,
 * `onCloseAutoFocus` says where focus goes, since the button that opened it was busy.
 */
export function ThreeDSecureDialog({
  open,
  amountCents,
  last4,
  merchant,
  busy,
  onAnswer,
  onCloseAutoFocus,
}: {
  open: boolean;
  amountCents: number;
  last4: string;
  merchant: string;
  busy: 'approve' | 'fail' | null;
  onAnswer: (outcome: 'approve' | 'fail') => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const approve = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open}>
      <DialogContent
        showClose={false}
        className="max-w-md gap-0 overflow-hidden p-0"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          approve.current?.focus();
        }}
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="three-d-secure"
      >
        <div className="flex items-center justify-between bg-[oklch(0.3_0.08_260)] px-5 py-4 text-white">
          <span className="font-semibold tracking-wide">Test Bank</span>
          <span className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wider text-white/80">
            <ShieldCheck className="size-4" aria-hidden /> Secure verification
          </span>
        </div>
        <div className="flex flex-col gap-5 p-6">
          <div>
            <DialogTitle className="font-sans text-lg">Confirm this payment</DialogTitle>
            <DialogDescription className="mt-1">
              Your bank asks you to confirm it is you (3-D Secure). This is a simulated test page: no real bank is
              contacted.
            </DialogDescription>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-muted/60 p-4 text-sm">
            <dt className="text-muted-foreground">Merchant</dt>
            <dd className="text-right font-medium">{merchant}</dd>
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-right font-medium tabular-nums">{formatCents(amountCents)}</dd>
            <dt className="text-muted-foreground">Card</dt>
            <dd className="text-right font-medium tabular-nums">•••• {last4}</dd>
          </dl>
          <div className="grid grid-cols-2 gap-3">
            <Button type="button" variant="outline" disabled={busy !== null} onClick={() => onAnswer('fail')}>
              {busy === 'fail' && <Loader2 className="animate-spin" aria-hidden />} Fail
            </Button>
            <Button ref={approve} type="button" disabled={busy !== null} onClick={() => onAnswer('approve')}>
              {busy === 'approve' && <Loader2 className="animate-spin" aria-hidden />} Approve
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
