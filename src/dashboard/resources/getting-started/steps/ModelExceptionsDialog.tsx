import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../shared/categories.ts';
import { errorMessage, unwrap } from '../../../providers/index.ts';
import { useGettingStartedDeps } from '../gettingStartedDeps.ts';

/** Spec part 1 §5, word for word: see details needs a category and at least one model. */
export const EXCEPTIONS_NEED_MODELS = 'Atleast 1 model needs to be selected for a valid category';

const STATUS_LABELS = { A: 'Available', WIP: 'In progress', NA: 'Not available' } as const;
const STATUS_COLORS = { A: 'success', WIP: 'warning', NA: 'error' } as const;

interface ModelExceptionsDialogProps {
  open: boolean;
  category: Category;
  categoryLabel: string;
  modelIds: string[];
  onClose: () => void;
}

/** The model-exceptions modal: per app, per model and per field what is not plainly available, with notes. */
export function ModelExceptionsDialog({ open, category, categoryLabel, modelIds, onClose }: ModelExceptionsDialogProps) {
  const { clients } = useGettingStartedDeps();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const valid = modelIds.length > 0;
  const query = useQuery({
    queryKey: ['appModelsExceptions', category, [...modelIds].sort().join()],
    queryFn: ({ signal }) => unwrap(clients.engine.GET('/app.models.exceptions', { params: { query: { category, modelIds } }, signal })).then((body) => body.msg),
    enabled: open && valid,
    retry: false,
  });
  const apps = query.data?.apps ?? [];
  const withExceptions = apps.filter((app) => app.exceptions.length > 0);
  const without = apps.filter((app) => app.exceptions.length === 0).map((app) => query.data?.appDetails[app.appId]?.label ?? app.appId);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen} aria-labelledby="model-exceptions-title">
      <DialogTitle id="model-exceptions-title">{`Model exceptions: ${categoryLabel}`}</DialogTitle>
      <DialogContent dividers>
        {!valid && <Alert severity="warning">{EXCEPTIONS_NEED_MODELS}</Alert>}
        {valid && query.isPending && <Skeleton variant="rounded" height={160} aria-label="Loading exceptions" />}
        {valid && query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {valid && query.data && (
          <Box sx={{ display: 'grid', gap: 3 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              For the data models selected: what each app does not provide fully, by model and by field, with notes.
            </Typography>
            {withExceptions.map((app) => {
              const details = query.data.appDetails[app.appId];
              return (
                <Box key={app.appId} component="section" aria-label={details?.label ?? app.appId}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                    {details?.logo && <Box component="img" src={details.logo} alt="" sx={{ width: 24, height: 24, borderRadius: 0.5 }} />}
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                      {details?.label ?? app.appId}
                    </Typography>
                  </Box>
                  <Box sx={{ overflowX: 'auto' }}>
                    <Table size="small">
                      <TableHead>
                        <TableRow>
                          <TableCell>Model</TableCell>
                          <TableCell>Field</TableCell>
                          <TableCell>Status</TableCell>
                          <TableCell>Notes</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {app.exceptions.map((exception, i) => (
                          <TableRow key={`${exception.modelId}-${exception.fieldId ?? ''}-${i}`}>
                            <TableCell>{exception.modelName}</TableCell>
                            <TableCell>{exception.fieldId ?? 'Whole model'}</TableCell>
                            <TableCell>
                              <Chip size="small" variant="outlined" color={STATUS_COLORS[exception.status]} label={STATUS_LABELS[exception.status]} />
                            </TableCell>
                            <TableCell>{exception.notes ?? '—'}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                </Box>
              );
            })}
            {without.length > 0 && (
              <Typography variant="body2">
                <Box component="span" sx={{ fontWeight: 600 }}>
                  No exceptions:{' '}
                </Box>
                {without.join(', ')}
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
