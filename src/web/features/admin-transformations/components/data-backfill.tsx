/**
 * The Data Backfill tab (admin §2 Transformations, §3 Backfill analysis summary and result,
 * §8 'Analysis failed' / 'Backfill failed', §9 the first 10 missing records).
 */
import { Database, FlaskConical, Loader2, Search } from 'lucide-react';
import {
  BACKFILL_MESSAGES,
  MISSING_SAMPLE_SIZE,
  type BackfillResult,
  type MatchType,
} from '@/domain/admin-transformations';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { ProblemAlert } from '@/web/components/problem-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAnalyzeBackfill, useRunBackfill } from '../api/backfill-transformations';

const MATCH_LABEL: Record<MatchType, { label: string; variant: 'success' | 'default' | 'warning' | 'destructive' }> = {
  perfect: { label: 'Perfect', variant: 'success' },
  time: { label: 'Time', variant: 'default' },
  filename: { label: 'Filename', variant: 'warning' },
  none: { label: 'None', variant: 'destructive' },
};

export function DataBackfill() {
  const analyze = useAnalyzeBackfill();
  const backfill = useRunBackfill();
  const analysis = analyze.data;

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Transformations Data Backfill</CardTitle>
          <CardDescription>
            Finds artwork files in storage that have no transformation record, matches each to the photo and style it
            was most likely made from, and recreates the missing records.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => analyze.mutate()} disabled={analyze.isPending}>
              {analyze.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />} Analyze
            </Button>
            <Button variant="outline" onClick={() => backfill.mutate(true)} disabled={!analysis || backfill.isPending}>
              <FlaskConical aria-hidden /> Dry Run
            </Button>
            <Button
              variant="accent"
              onClick={() => backfill.mutate(false, { onSuccess: () => analyze.mutate() })}
              disabled={!analysis || analysis.summary.missingRecords === 0 || backfill.isPending}
            >
              {backfill.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Database aria-hidden />}{' '}
              Backfill
            </Button>
          </div>
          {analyze.isError && (
            <ProblemAlert title={BACKFILL_MESSAGES.analysisFailed}>{analyze.error.message}</ProblemAlert>
          )}
          {backfill.isError && (
            <ProblemAlert title={BACKFILL_MESSAGES.backfillFailed}>{backfill.error.message}</ProblemAlert>
          )}
          {analysis && (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" data-testid="backfill-summary">
              <Stat label="Transformed files" value={analysis.summary.totalTransformedFiles} />
              <Stat label="Existing records" value={analysis.summary.existingRecords} />
              <Stat label="Missing records" value={analysis.summary.missingRecords} />
              <Stat label="Original images" value={analysis.summary.originalImages} />
              <Stat label="Available styles" value={analysis.summary.availableStyles} />
            </dl>
          )}
        </CardContent>
      </Card>

      {backfill.data && <BackfillOutcome result={backfill.data} />}

      {analysis && analysis.missingTransformations.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Missing records</CardTitle>
            <CardDescription>
              The first {Math.min(MISSING_SAMPLE_SIZE, analysis.missingTransformations.length)} of{' '}
              {analysis.missingTransformations.length}
            </CardDescription>
          </CardHeader>
          <CardContent className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>File</TableHead>
                  <TableHead>Match</TableHead>
                  <TableHead>Photo</TableHead>
                  <TableHead>Style</TableHead>
                  <TableHead className="hidden xl:table-cell">Created</TableHead>
                  <TableHead className="hidden text-right xl:table-cell">Minutes after upload</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {analysis.missingTransformations.slice(0, MISSING_SAMPLE_SIZE).map((entry) => (
                  <TableRow key={entry.fileName}>
                    <TableCell className="max-w-40 truncate font-mono text-xs xl:max-w-64" title={entry.fileName}>
                      {entry.fileName}
                    </TableCell>
                    <TableCell>
                      <Badge variant={MATCH_LABEL[entry.analysis.matchType].variant}>
                        {MATCH_LABEL[entry.analysis.matchType].label}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-sm">{entry.analysis.matchedImage ?? '—'}</TableCell>
                    <TableCell className="text-sm">{entry.analysis.matchedStyle ?? '—'}</TableCell>
                    <TableCell className="hidden whitespace-nowrap text-sm xl:table-cell">
                      {new Date(entry.createdAt).toLocaleString()}
                    </TableCell>
                    <TableCell className="hidden text-right text-sm xl:table-cell">
                      {entry.analysis.timeDifferenceMinutes ?? '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  );
}

function BackfillOutcome({ result }: { result: BackfillResult }) {
  const { matchStats } = result;
  const inserted = result.insertResults.reduce((sum, batch) => sum + batch.inserted, 0);
  const errors = result.insertResults.filter((batch) => batch.error);
  return (
    <Alert variant={errors.length ? 'destructive' : 'default'} data-testid="backfill-result">
      <AlertTitle>
        {result.dryRun ? 'Dry run: nothing was written' : `Backfill complete: ${inserted} record(s) created`}
      </AlertTitle>
      <AlertDescription className="flex flex-col gap-1">
        <span>
          {result.recordsToCreate} record(s) to create · {matchStats.perfectMatches} perfect, {matchStats.timeMatches}{' '}
          by time, {matchStats.filenameMatches} by file name, {matchStats.noMatches} without a match
        </span>
        {errors.map((batch) => (
          <span key={batch.batch}>
            Batch {batch.batch}: {batch.error}
          </span>
        ))}
        {result.dryRun && result.preview.length > 0 && (
          <ul className="mt-1 list-inside list-disc font-mono text-xs">
            {result.preview.map((record) => (
              <li key={record.storage_path}>{record.storage_path}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
