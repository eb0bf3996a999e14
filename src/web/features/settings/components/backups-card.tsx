/** Settings › Backups: back up now, the archives kept (size, age, download), how many to keep. */
import { ArchiveRestore, Download, Loader2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  BACKUP_KIND_LABELS,
  BACKUP_KEEP_MAX,
  BACKUPS_TEXT,
  backupSettingsSchema,
  scheduleLabel,
  type BackupListItem,
} from '@/domain/backups';
import { SETTINGS_MESSAGES } from '@/domain/admin-settings';
import { ProblemAlert } from '@/web/components/problem-alert';
import { Button } from '@/web/components/ui/button';
import { SectionCardHeader } from '@/web/components/section-card-header';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { backupDownloadUrl, useBackups, useSaveBackupSettings, useStartBackup } from '../api/backups';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

function age(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, length] of steps)
    if (Math.abs(seconds) >= length) return relative.format(Math.round(seconds / length), unit);
  return 'just now';
}

export function BackupsCard() {
  const backups = useBackups();
  const start = useStartBackup();
  const save = useSaveBackupSettings();
  const keepId = useId();
  const [keep, setKeep] = useState('');
  const [keepError, setKeepError] = useState<string | null>(null);
  const view = backups.data;
  useEffect(() => {
    if (view) setKeep(String(view.keep));
  }, [view?.keep]); // eslint-disable-line react-hooks/exhaustive-deps
  const now = Date.now();

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const parsed = backupSettingsSchema.safeParse({ keep: keep === '' ? Number.NaN : Number(keep) });
    if (!parsed.success) {
      setKeepError(parsed.error.issues[0]?.message ?? 'Invalid number');
      return;
    }
    setKeepError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(BACKUPS_TEXT.saved),
      onError: (error) => toast.error(SETTINGS_MESSAGES.saveFailed, { description: error.message }),
    });
  };

  return (
    <Card data-testid="backups" id="backups">
      <SectionCardHeader icon={ArchiveRestore} title={BACKUPS_TEXT.title} description={BACKUPS_TEXT.description} />
      <CardContent className="flex flex-col gap-5">
        {!view ? (
          backups.isError ? (
            <p className="text-sm text-destructive">{SETTINGS_MESSAGES.loadFailed}</p>
          ) : (
            <Skeleton className="h-24 w-full" />
          )
        ) : (
          <>
            {view.unavailable && <ProblemAlert title="Backups need pg_dump here">{view.unavailable}</ProblemAlert>}
            {view.last_failure && <ProblemAlert title={BACKUPS_TEXT.failed}>{view.last_failure.message}</ProblemAlert>}
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div className="flex flex-col gap-1 text-sm">
                <p className="font-medium">{scheduleLabel(view.interval_hours, view.database)}</p>
                <p className="text-muted-foreground">
                  {BACKUPS_TEXT.restoreBefore}
                  <code className="rounded bg-muted px-1 font-mono text-xs">{BACKUPS_TEXT.restoreCommand}</code>
                  {BACKUPS_TEXT.restoreAfter}
                </p>
              </div>
              <Button
                onClick={() =>
                  start.mutate(undefined, {
                    onSuccess: () => toast.success(BACKUPS_TEXT.started),
                    onError: (error) => toast.error(BACKUPS_TEXT.failed, { description: error.message }),
                  })
                }
                disabled={view.running || start.isPending || Boolean(view.unavailable)}
              >
                {view.running || start.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {view.running || start.isPending ? BACKUPS_TEXT.backingUp : BACKUPS_TEXT.backUpNow}
              </Button>
            </div>

            {view.backups.length === 0 ? (
              <p className="text-sm text-muted-foreground">{BACKUPS_TEXT.empty}</p>
            ) : (
              <div className="overflow-x-auto">
                <Table>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Archive</TableHead>
                      <TableHead>Made</TableHead>
                      <TableHead className="text-right">Size</TableHead>
                      <TableHead>
                        <span className="sr-only">Download</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {view.backups.map((backup) => (
                      <BackupRow key={backup.name} backup={backup} now={now} />
                    ))}
                  </TableBody>
                </Table>
              </div>
            )}

            <form onSubmit={onSave} className="flex flex-wrap items-end gap-3" noValidate>
              <div className="flex flex-col gap-1">
                <label htmlFor={keepId} className="text-sm font-medium">
                  {BACKUPS_TEXT.keepLabel}
                </label>
                <Input
                  id={keepId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={BACKUP_KEEP_MAX}
                  value={keep}
                  onChange={(event) => setKeep(event.target.value)}
                  aria-invalid={keepError ? true : undefined}
                  aria-describedby={`${keepId}-help`}
                  className="w-28"
                />
              </div>
              <Button type="submit" variant="outline" disabled={save.isPending}>
                {BACKUPS_TEXT.save}
              </Button>
              <p
                id={`${keepId}-help`}
                className={`basis-full text-sm ${keepError ? 'text-destructive' : 'text-muted-foreground'}`}
              >
                {keepError ?? BACKUPS_TEXT.keepHelp}
              </p>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BackupRow({ backup, now }: { backup: BackupListItem; now: number }) {
  return (
    <TableRow>
      <TableCell>
        <div className="font-medium">{BACKUP_KIND_LABELS[backup.kind]}</div>
        <div className="max-w-40 truncate font-mono text-xs text-muted-foreground lg:max-w-none" title={backup.name}>
          {backup.name}
        </div>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={backup.created_at} title={new Date(backup.created_at).toLocaleString()}>
          {age(backup.created_at, now)}
        </time>
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{formatBytes(backup.bytes)}</TableCell>
      <TableCell className="text-right">
        <Button asChild variant="ghost" size="sm">
          <a href={backupDownloadUrl(backup.name)} download={backup.name}>
            <Download aria-hidden />
            <span className="sr-only lg:not-sr-only">Download</span>
            <span className="sr-only"> {backup.name}</span>
          </a>
        </Button>
      </TableCell>
    </TableRow>
  );
}
