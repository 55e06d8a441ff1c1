import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { isCategory, type Category } from '../../../../shared/categories.ts';
import {
  createWebhookTestActors,
  selectCanSave,
  selectCanTest,
  selectDraft,
  selectIsBusy,
  selectIsLive,
  selectIsSaving,
  selectIsTesting,
  selectSaveError,
  selectSavedUrl,
  selectShowsPrefix,
  selectUrlError,
  webhookTestMachine,
} from '../../../machines/webhookTest/index.ts';
import { ClosableDialogTitle } from '../../../components/ClosableDialogTitle.tsx';
import { apiClients, useToast } from '../../../providers/index.ts';
import { WebhookEventsPanel } from './WebhookEventsPanel.tsx';
import { WebhookUrlField } from './WebhookUrlField.tsx';

export interface WebhookDialogProps {
  open: boolean;
  /** The category whose webhook is edited: its Category value and its label. */
  category: { value: string; label: string };
  /** The URL saved for the category, to start from. */
  initialUrl?: string;
  /** Closed without saving (Cancel, the close button, Escape). */
  onClose: () => void;
  /** Saved: the URL the engine saved. The dialog stays open until the parent sets `open` to false. */
  onSaved: (url: string) => void;
}

const actors = createWebhookTestActors({ clients: apiClients });

// Full screen on phones, as MUI's fullScreen would be, in CSS: a media-query hook would pull a
// chunk of the shell into this dialog's.
const FULL_SCREEN_WHEN_NARROW = {
  m: { xs: 0, sm: 4 },
  width: { xs: '100%', sm: 'calc(100% - 64px)' },
  maxWidth: { xs: '100%', sm: 900 },
  height: { xs: '100%', sm: 'auto' },
  maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' },
  borderRadius: { xs: 0, sm: 2.5 },
} as const;

/** One run of the webhook-test machine: a fresh one each time the dialog opens. */
function WebhookTestRun({ category, label, initialUrl, onClose, onSaved }: { category: Category; label: string; initialUrl?: string; onClose: () => void; onSaved: (url: string) => void }) {
  const toast = useToast();
  const machine = useMemo(() => webhookTestMachine.provide({ actors, actions: { notify: (_, params) => toast.success(params.message) } }), [toast]);
  const [snapshot, send] = useMachine(machine, { input: { category, initialUrl: initialUrl ?? null } });
  const savedUrl = selectSavedUrl(snapshot);
  const reported = useRef(false);
  useEffect(() => {
    if (savedUrl === null || reported.current) return;
    reported.current = true;
    onSaved(savedUrl);
  }, [savedUrl, onSaved]);

  const busy = selectIsBusy(snapshot);
  const saveError = selectSaveError(snapshot);
  const saving = selectIsSaving(snapshot);
  return (
    <>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          The engine POSTs every {label} event to this URL, signed with your webhook signing secret. It must accept POST and answer 200; tunnel services are not supported.
        </Typography>
        <WebhookUrlField
          value={selectDraft(snapshot)}
          showsPrefix={selectShowsPrefix(snapshot)}
          error={selectUrlError(snapshot)}
          locked={busy}
          live={selectIsLive(snapshot)}
          testing={selectIsTesting(snapshot)}
          canTest={selectCanTest(snapshot)}
          onChange={(value) => send({ type: 'url.change', value })}
          onTest={() => send({ type: 'webhook.test' })}
        />
        <Box sx={{ borderTop: 1, borderColor: 'divider', my: 3 }} />
        <WebhookEventsPanel snapshot={snapshot} send={send} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        {saveError && (
          <Alert severity="error" variant="outlined" sx={{ flex: '1 1 100%', mb: 1 }}>
            {saveError}
          </Alert>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!selectCanSave(snapshot)}
          onClick={() => send({ type: 'webhook.save' })}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Save Webhook URL
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * The webhook modal of one category (spec part 1 §2, §4, §5): the URL with its https:// prefix and
 * Test (Live on a 200), the events per subcategory tested one by one with a progress bar, and
 * Save Webhook URL once all are tested. The webhook-test machine owns the flow; every POST to the
 * URL is made by the engine. Used by the API keys page and by getting started.
 */
export function WebhookDialog({ open, category, initialUrl, onClose, onSaved }: WebhookDialogProps) {
  const titleId = `webhook-dialog-title-${category.value}`;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId} slotProps={{ paper: { sx: FULL_SCREEN_WHEN_NARROW } }}>
      <ClosableDialogTitle id={titleId} onClose={onClose}>
        {category.label} webhook
      </ClosableDialogTitle>
      {isCategory(category.value) ? (
        <WebhookTestRun category={category.value} label={category.label} initialUrl={initialUrl} onClose={onClose} onSaved={onSaved} />
      ) : (
        <Box sx={{ px: 3, pb: 3 }}>
          <Alert severity="error">{`${category.value} is not a category`}</Alert>
        </Box>
      )}
    </Dialog>
  );
}
