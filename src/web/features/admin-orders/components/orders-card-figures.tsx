/** Today's orders and those needing attention, on the dashboard's Orders card. */
import { Link } from 'react-router';
import { useOrderCounts } from '../api/order-counts';

export function OrdersCardFigures() {
  const counts = useOrderCounts();
  if (!counts.data) return null;
  return (
    <div className="relative z-10 flex gap-4 px-6 pb-6 text-sm" data-testid="orders-card-figures">
      <Link to="/admin/orders" className="rounded-md hover:underline">
        <span className="text-2xl font-semibold tabular-nums">{counts.data.today}</span> today
      </Link>
      <Link
        to="/admin/orders?status=attention"
        className={`rounded-md hover:underline ${counts.data.attention > 0 ? 'text-destructive' : 'text-muted-foreground'}`}
      >
        <span className="text-2xl font-semibold tabular-nums">{counts.data.attention}</span> need attention
      </Link>
    </div>
  );
}
