import { Mail, Printer, Truck } from 'lucide-react';
import { PRODUCTION_PROMISE } from '@/domain/orders';

const STEPS = [
  { icon: Mail, title: 'Order processing', text: 'We have your order and are getting your artwork ready for print.' },
  {
    icon: Printer,
    title: 'Production and shipping',
    text: `Your prints are produced and shipped within ${PRODUCTION_PROMISE}.`,
  },
  { icon: Truck, title: 'Delivery', text: 'You will receive a tracking number as soon as your order ships.' },
] as const;

/** The what's-next list after payment (storefront §2 /payment-success). */
export function WhatsNext() {
  return (
    <ol className="flex flex-col gap-4" data-testid="whats-next">
      {STEPS.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className="flex gap-4 break-inside-avoid">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent/10 text-accent print:border">
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <p className="font-medium">
              {index + 1}. {title}
            </p>
            <p className="text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
