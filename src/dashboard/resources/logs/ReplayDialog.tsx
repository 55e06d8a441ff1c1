import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { MINUTE_MS } from '../../../shared/timeWindows.ts';
import { REPLAY_RANGE_DAYS, REPLAY_RANGE_MS } from '../../../shared/webhookReplay.ts';
import { formatNumber } from '../../components/columns/format.ts';
import { formatLocal } from '../../dates.ts';
import { ApiError, errorMessage, useToast } from '../../providers/index.ts';
import { replayDeliveries, replayedMessage, replayQuestion, type ReplayResult, type ReplayTarget } from './replayCalls.ts';

export interface ReplayDialogProps {
  open: boolean;
  title: string;
  /** What to replay; a time range can be changed in the dialog. */
  target: ReplayTarget;
  /** Shown under the range: the list filters the range replay keeps (category, organization). */
  scopeText?: string;
  onClose: () => void;
  /** After a replay: the screen reads its lists again. */
  onReplayed: (result: ReplayResult) => void;
}

/** How long the range waits after the last edit before it is counted again. */
const RECOUNT_DELAY_MS = 400;

// datetime-local inputs speak local wall-clock time to the minute, without a zone.
const toLocalInput = (ms: number): string => formatLocal(new Date(ms), 'YYYY-MM-DDTHH:mm');
const fromLocalInput = (value: string): number => (value ? new Date(value).getTime() : Number.NaN);
/** The minute an instant falls in, rounded up: a range shown to the minute keeps what its end held, and its length. */
const ceilMinute = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;

interface RangeInputs {
  start: string;
  end: string;
}

/** What is wrong with a range before any call, by field. */
function rangeProblem(start: number, end: number): { field: 'start' | 'end'; msg: string } | undefined {
  if (Number.isNaN(start)) return { field: 'start', msg: 'Enter when the range starts' };
  if (Number.isNaN(end)) return { field: 'end', msg: 'Enter when the range ends' };
  if (end < start) return { field: 'end', msg: 'The end must not be before the start' };
  if (end - start > REPLAY_RANGE_MS) return { field: 'end', msg: `The range must not span more than ${REPLAY_RANGE_DAYS} days` };
  return undefined;
}

/**
 * The confirmation of a replay: it counts what the replay would send (a dry run, again as the
 * range changes), asks 'Replay 12 failed deliveries?', and replays on confirmation, toasting what
 * was replayed. A refusal (nothing replayable, a range too long or too full) is shown in place.
 */
export function ReplayDialog({ open, title, target, scopeText, onClose, onReplayed }: ReplayDialogProps) {
  const toast = useToast();
  const titleId = useId();
  const questionId = useId();
  const [busy, setBusy] = useState(false);
  const [range, setRange] = useState<RangeInputs | undefined>(() =>
    target.kind === 'range' ? { start: toLocalInput(ceilMinute(target.start)), end: toLocalInput(ceilMinute(target.end)) } : undefined,
  );
  const targetOf = (inputs: RangeInputs | undefined): ReplayTarget =>
    inputs && target.kind === 'range' ? { ...target, start: fromLocalInput(inputs.start), end: fromLocalInput(inputs.end) } : target;
  // The target as it is counted: a range edit applies once typing pauses.
  const [counted, setCounted] = useState<ReplayTarget>(() => targetOf(range));
  const problem = range ? rangeProblem(fromLocalInput(range.start), fromLocalInput(range.end)) : undefined;
  const edited = range !== undefined && counted.kind === 'range' && (fromLocalInput(range.start) !== counted.start || fromLocalInput(range.end) !== counted.end);

  useEffect(() => {
    if (!edited || problem) return undefined;
    const timer = setTimeout(() => setCounted(targetOf(range)), RECOUNT_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const dryRun = useQuery({
    queryKey: ['webhookReplay.dryRun', counted],
    queryFn: ({ signal }) => replayDeliveries(counted, true, { signal }),
    // Not while the range is being edited: the count of the range shown is asked once typing pauses.
    enabled: open && !problem && !edited,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const waiting = !problem && (edited || dryRun.isFetching);
  const result = waiting || problem ? undefined : dryRun.data;
  const refusal = !waiting && !problem && dryRun.error ? dryRun.error : undefined;
  // A refusal about the range's start or end shows under that input; any other in place of the question.
  const refusedField = range && refusal instanceof ApiError && (refusal.field === 'start' || refusal.field === 'end') ? refusal.field : undefined;
  // The engine's answers about the deliveries (nothing to replay, a range too long) stand; a failed call may be asked again.
  const retryable = refusal !== undefined && !(refusal instanceof ApiError && refusal.status >= 400 && refusal.status < 500 && refusal.status !== 429);

  const replay = async () => {
    setBusy(true);
    try {
      const replayed = await replayDeliveries(counted, false);
      toast.success(replayedMessage(replayed));
      onReplayed(replayed);
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: 'start' | 'end') =>
    problem?.field === field ? problem.msg : refusedField === field && refusal ? errorMessage(refusal) : undefined;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId} aria-describedby={questionId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {range && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', pt: 1, mb: 2 }}>
            {(['start', 'end'] as const).map((field) => (
              <TextField
                key={field}
                type="datetime-local"
                label={field === 'start' ? 'From' : 'To'}
                value={range[field]}
                onChange={(event) => setRange({ ...range, [field]: event.target.value })}
                error={fieldError(field) !== undefined}
                helperText={fieldError(field) ?? (field === 'end' ? `At most ${REPLAY_RANGE_DAYS} days` : ' ')}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: '1 1 200px' }}
                disabled={busy}
              />
            ))}
            {scopeText && (
              <Typography variant="body2" sx={{ color: 'text.secondary', width: '100%' }}>
                {scopeText}
              </Typography>
            )}
          </Box>
        )}
        <Box id={questionId} aria-live="polite" sx={{ minHeight: 48 }}>
          {waiting ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <CircularProgress size={20} aria-label="Counting the deliveries" />
              <Typography variant="body2">Counting the deliveries to replay…</Typography>
            </Box>
          ) : refusal && !refusedField ? (
            <Alert
              severity="error"
              variant="outlined"
              action={
                retryable ? (
                  <Button color="inherit" size="small" onClick={() => void dryRun.refetch()}>
                    Retry
                  </Button>
                ) : undefined
              }
            >
              {errorMessage(refusal)}
            </Alert>
          ) : result ? (
            <>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                {replayQuestion(target, result.count)}
              </Typography>
              {result.notDispatched > 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {result.notDispatched === result.count ? 'None of them were' : `${formatNumber(result.notDispatched)} of them were not`} dispatched (no webhook URL
                  then): they go to the URL saved now.
                </Typography>
              )}
            </>
          ) : null}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          A replay sends each delivery again as it was, with its original webhook-id and a fresh signature, in order with the account&apos;s other deliveries. The
          webhook log marks it as replayed.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void replay()}
          disabled={busy || !result || result.count === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <ReplayRounded />}
        >
          Replay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
