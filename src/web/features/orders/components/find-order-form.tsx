import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Search } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { findOrderSchema, ORDER_NUMBER_LENGTH, type FindOrderInput } from '@/domain/orders';
import { Alert, AlertDescription } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { findOrderProblem, useFindOrder } from '../api/find-order';

/** E-mail + order number; a match hands its order id to `onFound`. */
export function FindOrderForm({ onFound }: { onFound: (orderId: string) => void }) {
  const id = useId();
  const lookup = useFindOrder();
  const form = useForm<FindOrderInput>({
    resolver: zodResolver(findOrderSchema),
    defaultValues: { email: '', orderNumber: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) => lookup.mutate(input, { onSuccess: (found) => onFound(found.orderId) }));

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" data-testid="find-order-form">
      {lookup.isError && (
        <Alert variant="destructive" data-testid="find-order-problem">
          <AlertDescription>{findOrderProblem(lookup.error)}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          {...form.register('email')}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className="text-sm text-destructive" data-testid="field-error">
            {errors.email.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-number`}>Order number</Label>
        <Input
          id={`${id}-number`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. 3F2A9C1E"
          maxLength={ORDER_NUMBER_LENGTH + 2}
          className="font-mono uppercase placeholder:normal-case placeholder:font-sans"
          aria-invalid={Boolean(errors.orderNumber)}
          aria-describedby={errors.orderNumber ? `${id}-number-error` : `${id}-number-hint`}
          {...form.register('orderNumber')}
        />
        {errors.orderNumber ? (
          <p id={`${id}-number-error`} className="text-sm text-destructive" data-testid="field-error">
            {errors.orderNumber.message}
          </p>
        ) : (
          <p id={`${id}-number-hint`} className="text-xs text-muted-foreground">
            The {ORDER_NUMBER_LENGTH} characters after # in your confirmation email.
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={lookup.isPending || lookup.isSuccess}>
        {lookup.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
        Find my order
      </Button>
    </form>
  );
}
