/**
 * /admin/analytics (issue 16): a date range with presets, headline cards against the previous
 * period, revenue and orders over time, the funnel, top styles and products, the style ×
 * product heat map and the countries. Every chart has a table beside or under it, and every
 * table exports as CSV.
 */
import { Download } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  changeOf,
  type AnalyticsInterval,
  type AnalyticsTotals,
  type AnalyticsView,
  type Breakdown,
} from '@/domain/analytics';
import { formatCents } from '@/domain/money';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { downloadCsv } from '@/web/lib/csv';
import { cn } from '@/web/lib/utils';
import { useAnalytics, type AnalyticsRange } from '../api/get-analytics';

const iso = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (days: number) => iso(new Date(Date.now() - days * 86_400_000));

const PRESETS: Array<{ id: string; label: string; range: () => AnalyticsRange }> = [
  { id: 'today', label: 'Today', range: () => ({ from: iso(new Date()), to: iso(new Date()), interval: 'day' }) },
  { id: '7d', label: '7 days', range: () => ({ from: daysAgo(6), to: iso(new Date()), interval: 'day' }) },
  { id: '30d', label: '30 days', range: () => ({ from: daysAgo(29), to: iso(new Date()), interval: 'day' }) },
  {
    id: 'year',
    label: 'This year',
    range: () => ({ from: `${new Date().getUTCFullYear()}-01-01`, to: iso(new Date()), interval: 'month' }),
  },
];

export function AnalyticsDashboard() {
  const [preset, setPreset] = useState<string | null>('30d');
  const [range, setRange] = useState<AnalyticsRange>(PRESETS[2]!.range());
  const analytics = useAnalytics(range);
  const data = analytics.data;
  const money = (cents: number) => formatCents(cents, data?.currency ?? 'USD');

  const choose = (id: string) => {
    setPreset(id);
    setRange(PRESETS.find((entry) => entry.id === id)!.range());
  };
  const setDate = (field: 'from' | 'to', value: string) => {
    if (!value) return;
    setPreset(null);
    setRange((current) => ({ ...current, [field]: value }));
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Analytics</h1>
          <p className="mt-1 text-muted-foreground">
            What sells, what converts, and where visitors stop. From the shop's own data.
          </p>
        </div>
      </div>

      <Card>
        <CardContent className="flex flex-wrap items-end gap-4 pt-6">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Date range presets">
            {PRESETS.map((entry) => (
              <Button
                key={entry.id}
                size="sm"
                variant={preset === entry.id ? 'default' : 'outline'}
                aria-pressed={preset === entry.id}
                onClick={() => choose(entry.id)}
              >
                {entry.label}
              </Button>
            ))}
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1">
              <Label htmlFor="analytics-from">From Date</Label>
              <Input
                id="analytics-from"
                type="date"
                value={range.from}
                max={range.to}
                onChange={(event) => setDate('from', event.target.value)}
                className="w-40"
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="analytics-to">To Date</Label>
              <Input
                id="analytics-to"
                type="date"
                value={range.to}
                min={range.from}
                onChange={(event) => setDate('to', event.target.value)}
                className="w-40"
              />
            </div>
            <div className="flex gap-1" role="group" aria-label="Interval">
              {(['day', 'week', 'month'] as AnalyticsInterval[]).map((interval) => (
                <Button
                  key={interval}
                  size="sm"
                  variant={range.interval === interval ? 'secondary' : 'ghost'}
                  aria-pressed={range.interval === interval}
                  onClick={() => setRange((current) => ({ ...current, interval }))}
                >
                  {interval[0]!.toUpperCase() + interval.slice(1)}
                </Button>
              ))}
            </div>
          </div>
        </CardContent>
      </Card>

      {analytics.isError && <p className="text-destructive">Failed to load analytics: {analytics.error.message}</p>}
      {!data ? (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
      ) : (
        <Figures data={data} money={money} />
      )}
    </div>
  );
}

function Figures({ data, money }: { data: AnalyticsView; money: (cents: number) => string }) {
  const headline: Array<{ title: string; key: keyof AnalyticsTotals; format: (value: number) => string }> = [
    { title: 'Net revenue', key: 'net', format: money },
    { title: 'Orders', key: 'orders', format: String },
    { title: 'Average order value', key: 'average_order_value', format: money },
    { title: 'Units sold', key: 'units', format: String },
  ];
  const series = data.series.map((point) => ({ ...point, revenueDollars: point.revenue / 100 }));
  return (
    <>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {headline.map(({ title, key, format }) => {
          const change = changeOf(data.totals[key], data.previous[key]);
          return (
            <Card key={key} data-testid="analytics-card">
              <CardHeader className="pb-2">
                <CardDescription>{title}</CardDescription>
                <CardTitle className="text-3xl tabular-nums" data-testid={`analytics-${key}`}>
                  {format(data.totals[key])}
                </CardTitle>
                <p
                  className={cn(
                    'text-xs',
                    change == null ? 'text-muted-foreground' : change >= 0 ? 'text-success' : 'text-destructive',
                  )}
                >
                  {change == null ? 'new this period' : `${change >= 0 ? '+' : ''}${change}% vs previous period`}
                </p>
              </CardHeader>
            </Card>
          );
        })}
      </div>
      <p className="-mt-2 text-sm text-muted-foreground" data-testid="analytics-money">
        Gross {money(data.totals.gross)} · shipping {money(data.totals.shipping)} · tax {money(data.totals.tax)} ·
        refunds {money(data.totals.refunds)} · net {money(data.totals.net)}
      </p>

      <Section
        title="Revenue and orders"
        description={`Per ${data.range.interval}, ${data.range.from} to ${data.range.to}`}
        csv={() =>
          downloadCsv(
            'revenue.csv',
            ['period', 'revenue_cents', 'orders'],
            data.series.map((point) => [point.bucket, point.revenue, point.orders]),
          )
        }
      >
        <div
          className="h-64"
          data-testid="revenue-chart"
          role="img"
          aria-label={`Revenue and orders per ${data.range.interval}; the table below has the figures`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={series} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
              <XAxis dataKey="bucket" tick={{ fontSize: 12 }} minTickGap={24} />
              <YAxis
                yAxisId="revenue"
                tick={{ fontSize: 12 }}
                tickFormatter={(value: number) => `$${value}`}
                width={56}
              />
              <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
              <Tooltip
                formatter={(value, name) => (name === 'Revenue' ? `$${Number(value).toFixed(2)}` : String(value))}
              />
              <Line
                yAxisId="revenue"
                type="monotone"
                dataKey="revenueDollars"
                name="Revenue"
                stroke="var(--color-primary)"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                yAxisId="orders"
                type="monotone"
                dataKey="orders"
                name="Orders"
                stroke="var(--color-accent)"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-muted-foreground">Show as a table</summary>
          <SimpleTable
            header={['Period', 'Revenue', 'Orders']}
            rows={data.series.map((point) => [point.bucket, money(point.revenue), point.orders])}
          />
        </details>
      </Section>

      <Section
        title="Funnel"
        description="Visits reaching each step, and the share of the step before"
        csv={() =>
          downloadCsv(
            'funnel.csv',
            ['step', 'visits', 'conversion_percent'],
            data.funnel.map((step) => [step.label, step.visits, step.conversion]),
          )
        }
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <div
            className="h-64"
            data-testid="funnel-chart"
            role="img"
            aria-label="Funnel chart; the table beside it has the figures"
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data.funnel} layout="vertical" margin={{ left: 24, right: 16 }}>
                <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
                <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Bar dataKey="visits" name="Visits" fill="var(--color-primary)" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <SimpleTable
            testId="funnel-table"
            header={['Step', 'Visits', 'Conversion']}
            rows={data.funnel.map((step) => [
              step.label,
              step.visits,
              step.conversion == null ? '—' : `${step.conversion}%`,
            ])}
          />
        </div>
        <p className="mt-3 text-sm text-muted-foreground">
          Time to first artwork:{' '}
          {data.time_to_first_artwork.photos === 0
            ? 'no photos in this period'
            : `median ${data.time_to_first_artwork.p50_seconds} s, 95th percentile ${data.time_to_first_artwork.p95_seconds} s (${data.time_to_first_artwork.photos} ${data.time_to_first_artwork.photos === 1 ? 'photo' : 'photos'})`}
        </p>
      </Section>

      <div className="grid gap-6 xl:grid-cols-2">
        <BreakdownSection
          title="Top styles"
          file="styles.csv"
          label="Style"
          rows={data.by_style}
          money={money}
          testId="styles-table"
        />
        <BreakdownSection
          title="Top products"
          file="products.csv"
          label="Product"
          rows={data.by_product}
          money={money}
          testId="products-table"
        />
      </div>

      <HeatMap data={data} money={money} />

      <div className="grid gap-6 xl:grid-cols-2">
        <BreakdownSection
          title="Shipping countries"
          file="shipping-countries.csv"
          label="Country"
          rows={data.by_shipping_country}
          money={money}
          testId="shipping-table"
        />
        <BreakdownSection
          title="Where the photos were taken"
          file="photo-countries.csv"
          label="Country"
          rows={data.by_photo_country}
          money={money}
          testId="photo-table"
        />
      </div>
    </>
  );
}

function Section({
  title,
  description,
  csv,
  children,
}: {
  title: string;
  description?: string;
  csv: () => void;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div>
          <CardTitle className="text-lg">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        <Button variant="outline" size="sm" onClick={csv} aria-label={`Export ${title} as CSV`}>
          <Download aria-hidden /> CSV
        </Button>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SimpleTable({
  header,
  rows,
  testId,
}: {
  header: string[];
  rows: Array<Array<string | number>>;
  testId?: string;
}) {
  if (rows.length === 0) return <p className="py-4 text-sm text-muted-foreground">Nothing in this period.</p>;
  return (
    <div className="overflow-x-auto">
      <Table data-testid={testId}>
        <TableHeader>
          <TableRow>
            {header.map((name, index) => (
              <TableHead key={name} className={index > 0 ? 'text-right' : undefined}>
                {name}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, rowIndex) => (
            <TableRow key={rowIndex}>
              {row.map((value, index) => (
                <TableCell key={index} className={index > 0 ? 'text-right tabular-nums' : undefined}>
                  {value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function BreakdownSection({
  title,
  file,
  label,
  rows,
  money,
  testId,
}: {
  title: string;
  file: string;
  label: string;
  rows: Breakdown[];
  money: (cents: number) => string;
  testId: string;
}) {
  return (
    <Section
      title={title}
      csv={() =>
        downloadCsv(
          file,
          [label.toLowerCase(), 'revenue_cents', 'orders', 'units'],
          rows.map((row) => [row.key, row.revenue, row.orders, row.units]),
        )
      }
    >
      <SimpleTable
        testId={testId}
        header={[label, 'Revenue', 'Orders', 'Units']}
        rows={rows.map((row) => [row.key, money(row.revenue), row.orders, row.units])}
      />
    </Section>
  );
}

/** Style × product: revenue per pair, the cell's shade its share of the best pair. */
function HeatMap({ data, money }: { data: AnalyticsView; money: (cents: number) => string }) {
  const { styles, products, cells, top } = useMemo(() => {
    const cellMap = new Map(data.style_product.map((cell) => [`${cell.style}\u0000${cell.product}`, cell]));
    return {
      styles: [...new Set(data.style_product.map((cell) => cell.style))],
      products: [...new Set(data.style_product.map((cell) => cell.product))],
      cells: cellMap,
      top: Math.max(1, ...data.style_product.map((cell) => cell.revenue)),
    };
  }, [data.style_product]);
  return (
    <Section
      title="Styles × products"
      description="Which products sell with which styles"
      csv={() =>
        downloadCsv(
          'styles-by-product.csv',
          ['style', 'product', 'revenue_cents', 'units'],
          data.style_product.map((cell) => [cell.style, cell.product, cell.revenue, cell.units]),
        )
      }
    >
      {styles.length === 0 ? (
        <p className="py-4 text-sm text-muted-foreground">Nothing in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-separate border-spacing-1 text-sm" data-testid="heat-map">
            <thead>
              <tr>
                <th className="text-left text-xs font-semibold uppercase text-muted-foreground">Style</th>
                {products.map((product) => (
                  <th key={product} className="px-2 text-xs font-semibold text-muted-foreground">
                    {product}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {styles.map((style) => (
                <tr key={style}>
                  <th className="pr-2 text-left font-medium whitespace-nowrap">{style}</th>
                  {products.map((product) => {
                    const cell = cells.get(`${style}\u0000${product}`);
                    const share = cell ? cell.revenue / top : 0;
                    return (
                      <td
                        key={product}
                        className="rounded-md px-2 py-2 text-center tabular-nums"
                        style={{
                          background: cell
                            ? `color-mix(in oklab, var(--color-primary) ${Math.round(15 + share * 70)}%, transparent)`
                            : undefined,
                          color: share > 0.55 ? 'white' : undefined,
                        }}
                        title={cell ? `${style} × ${product}: ${money(cell.revenue)}, ${cell.units} units` : undefined}
                      >
                        {cell ? money(cell.revenue) : '—'}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}
