/**
 * Settings' EXIF Data Backfill card (admin §2 Settings, §3 EXIF batch result, §4 EXIF
 * backfill: idle, running, paused, completed; §8; §9 1 s between batches, 5 errors shown).
 * The loop runs here, one batch per request; the offset it has reached is kept in the
 * browser, so Resume continues from it even after the page was reloaded.
 */
import { Loader2, Pause, Play, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { BACKFILL_MESSAGES, EXIF_BATCH_PAUSE_MS, EXIF_ERRORS_SHOWN } from '@/domain/admin-transformations';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Progress } from '@/web/components/ui/progress';
import { backfillExifBatch } from '../api/backfill-exif';

type RunState = 'idle' | 'running' | 'paused' | 'completed';

interface RunProgress {
  state: RunState;
  offset: number;
  processed: number;
  successful: number;
  /** Photos read fine that simply carry no EXIF (a screenshot, a stripped export): not failures. */
  noExif: number;
  failed: number;
  remaining: number | null;
  errors: string[];
}

const STORAGE_KEY = 'wanderer.exif-backfill';
/** Errors kept for the count; the list shows the last EXIF_ERRORS_SHOWN. */
const ERRORS_KEPT = 500;
const IDLE: RunProgress = {
  state: 'idle',
  offset: 0,
  processed: 0,
  successful: 0,
  noExif: 0,
  failed: 0,
  remaining: null,
  errors: [],
};

function loadSaved(): RunProgress {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as RunProgress | null;
    // A run interrupted by a reload is a paused run.
    if (saved) return { ...IDLE, ...saved, state: saved.state === 'running' ? 'paused' : saved.state };
  } catch {
    // A damaged entry starts afresh.
  }
  return IDLE;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ExifBackfillCard() {
  const [progress, setProgress] = useState<RunProgress>(loadSaved);
  const [inFlight, setInFlight] = useState(false);
  const running = useRef(false);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(progress));
  }, [progress]);
  useEffect(() => () => void (running.current = false), []);

  const run = async (start: RunProgress, resumed: boolean) => {
    running.current = true;
    let current: RunProgress = { ...start, state: 'running' };
    setProgress(current);
    while (running.current) {
      setInFlight(true);
      let result;
      try {
        result = await backfillExifBatch(current.offset);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        toast.error(resumed ? BACKFILL_MESSAGES.exifResumeFailed(message) : BACKFILL_MESSAGES.exifFailed(message));
        running.current = false;
        setProgress({ ...current, state: 'paused' });
        return;
      } finally {
        setInFlight(false);
      }
      if (!result) {
        toast.error(BACKFILL_MESSAGES.exifNoData);
        running.current = false;
        setProgress({ ...current, state: 'paused' });
        return;
      }
      current = {
        ...current,
        offset: result.nextOffset,
        processed: current.processed + result.processed,
        successful: current.successful + result.successful,
        noExif: current.noExif + result.noExif,
        failed: current.failed + result.failed,
        remaining: result.remainingImages,
        errors: [...current.errors, ...result.errors].slice(-ERRORS_KEPT),
      };
      if (!result.hasMore) {
        running.current = false;
        current = { ...current, state: 'completed' };
        setProgress(current);
        toast.success(BACKFILL_MESSAGES.exifCompleted(current.successful, current.noExif, current.failed));
        return;
      }
      setProgress((shown) => ({ ...current, state: shown.state }));
      await wait(EXIF_BATCH_PAUSE_MS);
    }
  };

  const start = () => void run(IDLE, false);
  const resume = () => void run(progress, true);
  const pause = () => {
    running.current = false;
    setProgress((shown) => ({ ...shown, state: 'paused' }));
    toast.info(BACKFILL_MESSAGES.exifPaused);
  };

  const total = progress.remaining === null ? null : progress.processed + progress.remaining;
  const percent = total ? Math.round((progress.processed / total) * 100) : progress.state === 'completed' ? 100 : 0;
  const hiddenErrors = Math.max(0, progress.errors.length - EXIF_ERRORS_SHOWN);

  return (
    <Card data-testid="exif-backfill-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>EXIF Data Backfill</CardTitle>
          <Badge
            data-testid="exif-backfill-state"
            variant={
              progress.state === 'completed'
                ? 'success'
                : progress.state === 'paused'
                  ? 'warning'
                  : progress.state === 'running'
                    ? 'default'
                    : 'outline'
            }
          >
            {{ idle: 'Idle', running: 'Running', paused: 'Paused', completed: 'Completed' }[progress.state]}
          </Badge>
        </div>
        <CardDescription>
          Reads camera, lens, settings, location and date again from the stored originals of photos saved without them,
          in batches one second apart.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          {progress.state === 'running' ? (
            <Button variant="outline" onClick={pause}>
              <Pause aria-hidden /> Pause
            </Button>
          ) : progress.state === 'paused' ? (
            <>
              <Button onClick={resume} disabled={inFlight}>
                {inFlight ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />} Resume
              </Button>
              <Button variant="ghost" onClick={start} disabled={inFlight}>
                <RotateCcw aria-hidden /> Start Over
              </Button>
            </>
          ) : (
            <Button onClick={start}>
              <Play aria-hidden /> {progress.state === 'completed' ? 'Run Again' : 'Start Backfill'}
            </Button>
          )}
        </div>

        {progress.state !== 'idle' && (
          <div className="flex flex-col gap-2" data-testid="exif-backfill-progress">
            <Progress value={percent} aria-label="EXIF backfill progress" />
            <p className="text-sm text-muted-foreground">
              {percent}% · Processed {progress.processed} · Updated {progress.successful} · No EXIF {progress.noExif} ·
              Failed {progress.failed}
              {progress.remaining !== null && ` · Remaining ${progress.remaining}`} · Offset {progress.offset}
            </p>
          </div>
        )}

        {progress.errors.length > 0 && (
          <div
            className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
            data-testid="exif-backfill-errors"
          >
            <p className="mb-1 font-medium text-destructive">Errors</p>
            <ul className="flex flex-col gap-0.5 break-words text-xs">
              {progress.errors.slice(-EXIF_ERRORS_SHOWN).map((error, index) => (
                <li key={`${index}-${error}`}>{error}</li>
              ))}
            </ul>
            {hiddenErrors > 0 && (
              <p className="mt-1 text-xs text-muted-foreground">{BACKFILL_MESSAGES.moreErrors(hiddenErrors)}</p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
