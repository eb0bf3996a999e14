/** Refund all that is left, or part of it, in the order's currency (sent to the server in minor units). */
import { useState } from 'react';
import { toast } from 'sonner';
import { formatCents } from '@/domain/money';
import type { AdminOrderDetail } from '@/domain/orders';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useRefundOrder } from '../api/refund-order';

export function RefundDialog({
  order,
  open,
  onOpenChange,
}: {
  order: AdminOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const left = order.total_amount - order.refunded_amount;
  const [amount, setAmount] = useState('');
  const refund = useRefundOrder();
  const cents = amount.trim() === '' ? left : Math.round(Number(amount) * 100);
  const problem =
    !Number.isFinite(cents) || cents <= 0
      ? 'Enter an amount more than zero'
      : cents > left
        ? `The refund cannot be more than ${formatCents(left, order.currency)}`
        : null;

  const submit = () => {
    if (problem) return;
    refund.mutate(
      { orderId: order.id, amount: cents === left ? undefined : cents },
      {
        onSuccess: () => {
          toast.success(`Refunded ${formatCents(cents, order.currency)}`);
          setAmount('');
          onOpenChange(false);
        },
        onError: (error) => toast.error(`Failed to refund: ${error.message}`),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Refund order</DialogTitle>
          <DialogDescription>
            {formatCents(left, order.currency)} of {formatCents(order.total_amount, order.currency)} can still be
            refunded. Leave the amount empty to refund all of it. The customer gets an e-mail.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Label htmlFor="refund-amount">Amount ({order.currency})</Label>
          <Input
            id="refund-amount"
            inputMode="decimal"
            type="number"
            min="0.01"
            step="0.01"
            placeholder={(left / 100).toFixed(2)}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={amount !== '' && Boolean(problem)}
          />
          {amount !== '' && problem ? <p className="text-sm text-destructive">{problem}</p> : null}
          <DialogFooter className="mt-4">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={Boolean(problem) || refund.isPending}>
              Refund {Number.isFinite(cents) && cents > 0 ? formatCents(Math.min(cents, left), order.currency) : ''}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
