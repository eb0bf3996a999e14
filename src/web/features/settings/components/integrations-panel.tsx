/** Each integration's real status: the adapter in use, and whether it answers (a test each). */
import {
  CircleCheck,
  CircleX,
  CreditCard,
  Database,
  HardDrive,
  Loader2,
  Mail,
  PlugZap,
  Printer,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SETTINGS_MESSAGES, type IntegrationId, type IntegrationStatus } from '@/domain/admin-settings';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useIntegrations } from '../api/get-integrations';
import { useTestIntegration } from '../api/test-integration';

const ICONS: Record<IntegrationId, LucideIcon> = {
  database: Database,
  storage: HardDrive,
  payments: CreditCard,
  'print-provider': Printer,
  'image-ai': Sparkles,
  email: Mail,
};

export function IntegrationsPanel() {
  const integrations = useIntegrations();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Integrations</CardTitle>
        <CardDescription>
          Each service runs on a built-in default until its environment variables (or a key below) connect the real one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {integrations.isPending ? (
          <div className="grid gap-4 xl:grid-cols-2">
            {Array.from({ length: 6 }, (_, n) => (
              <Skeleton key={n} className="h-36" />
            ))}
          </div>
        ) : integrations.isError ? (
          <p className="text-sm text-destructive">
            {SETTINGS_MESSAGES.loadFailed}: {integrations.error.message}
          </p>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {integrations.data.map((status) => (
              <IntegrationCard key={status.id} status={status} />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function IntegrationCard({ status }: { status: IntegrationStatus }) {
  const test = useTestIntegration();
  const [testing, setTesting] = useState(false);
  const Icon = ICONS[status.id];
  const run = () => {
    setTesting(true);
    test.mutate(status.id, {
      onSuccess: (result) =>
        result.check.ok
          ? toast.success(`${result.label}: ${result.check.message}`)
          : toast.error(`${result.label}: ${SETTINGS_MESSAGES.testFailed}`, { description: result.check.message }),
      onError: (error) => toast.error(SETTINGS_MESSAGES.testFailed, { description: error.message }),
      onSettled: () => setTesting(false),
    });
  };

  return (
    <div data-testid={`integration-${status.id}`} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-4" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="font-medium">{status.label}</p>
            <p className="text-sm text-muted-foreground">{status.adapter}</p>
          </div>
        </div>
        <Badge variant={status.builtIn ? 'secondary' : 'outline'} className="shrink-0">
          {status.builtIn ? 'Built-in' : status.configuredBy === 'saved key' ? 'Saved key' : 'Environment'}
        </Badge>
      </div>
      <p
        className={
          status.check.ok
            ? 'flex items-start gap-2 text-sm text-success'
            : 'flex items-start gap-2 text-sm text-destructive'
        }
      >
        {status.check.ok ? (
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        ) : (
          <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />
        )}
        <span>
          {status.check.ok ? 'Answers' : 'Not answering'}: {status.check.message}
          <span className="text-muted-foreground"> · {status.check.latencyMs} ms</span>
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={run} disabled={testing}>
          {testing ? <Loader2 className="animate-spin" aria-hidden /> : <PlugZap aria-hidden />}
          Test connection
        </Button>
        {status.id === 'email' ? (
          <Button variant="ghost" size="sm" asChild>
            <Link to="/admin/emails">View sent e-mails</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
