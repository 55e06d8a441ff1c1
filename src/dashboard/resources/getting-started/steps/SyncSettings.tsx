import EditRounded from '@mui/icons-material/EditRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  createSyncSetupActors,
  MODELS_ERROR_MESSAGE,
  selectCanEditModels,
  selectCanEditStartMode,
  selectCanSave,
  selectedModelIds,
  selectEditing,
  selectIsBusy,
  selectIsConfirmOpen,
  selectIsEnabled,
  selectIsLoading,
  selectModelsFailed,
  selectToast,
  syncSetupMachine,
  type SyncSetupInput,
} from '../../../machines/syncSetup/index.ts';
import { useGettingStartedDeps } from '../gettingStartedDeps.ts';
import { useMachineToast } from '../useOnboardingPanel.ts';
import { DataModelsList } from './DataModelsList.tsx';
import { ModelExceptionsDialog } from './ModelExceptionsDialog.tsx';
import { SyncStartDialog } from './SyncStartDialog.tsx';

const START_MODES = [
  { apiTrigger: false, label: 'Start syncs automatically', text: 'When an account connects, then every 24 hours.' },
  { apiTrigger: true, label: 'Start syncs on API trigger', text: 'When your backend calls POST v1.0/sync.start for the account.' },
] as const;

const Section = ({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ mb: 3 }}>
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.25, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
        {title}
      </Typography>
      {action}
    </Box>
    {children}
  </Box>
);

/**
 * The Fetch data step's sync settings (the syncSetup machine): data models per subcategory, the
 * start mode with its confirm dialog, Enable Syncs; once enabled, View Syncs and Edit of the data
 * models or of the start mode, Save enabled only on a change.
 */
export function SyncSettings({ input, categoryLabel }: { input: SyncSetupInput; categoryLabel: string }) {
  const { clients } = useGettingStartedDeps();
  const machine = useMemo(() => syncSetupMachine.provide({ actors: createSyncSetupActors({ clients }) }), [clients]);
  const [snapshot, send] = useMachine(machine, { input });
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [exceptionsOpen, setExceptionsOpen] = useState(false);
  useMachineToast(selectToast(snapshot));
  const { subCategories, selection, apiTrigger, syncStartUrl, category } = snapshot.context;
  const busy = selectIsBusy(snapshot);
  const enabled = selectIsEnabled(snapshot);
  const editing = selectEditing(snapshot);

  if (selectIsLoading(snapshot)) return <Skeleton variant="rounded" height={220} aria-label="Loading data models" sx={{ mb: 3 }} />;
  if (selectModelsFailed(snapshot)) {
    return (
      <Alert severity="error" variant="outlined" sx={{ mb: 3 }} action={<Button color="inherit" size="small" onClick={() => send({ type: 'models.retry' })}>Retry</Button>}>
        {MODELS_ERROR_MESSAGE}
      </Alert>
    );
  }
  const saveButtons = (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1.5 }}>
      <Button onClick={() => send({ type: 'edit.cancel' })} disabled={busy}>
        Cancel
      </Button>
      <Button variant="contained" onClick={() => send({ type: 'edit.save' })} disabled={!selectCanSave(snapshot) || busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
        Save Changes
      </Button>
    </Box>
  );
  return (
    <Box>
      {enabled && (
        <Alert
          severity="success"
          variant="outlined"
          sx={{ mb: 3, alignItems: 'center' }}
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" size="small" component={RouterLink} to="/dashboard/syncs">
                View Syncs
              </Button>
              <Button color="inherit" size="small" startIcon={<EditRounded />} onClick={(event) => setMenuAnchor(event.currentTarget)} disabled={editing !== null} aria-haspopup="menu">
                Edit
              </Button>
            </Box>
          }
        >
          {`Syncs are enabled for ${categoryLabel}: ${apiTrigger ? 'they start on API trigger' : 'they start automatically'}.`}
        </Alert>
      )}
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem onClick={() => { setMenuAnchor(null); send({ type: 'edit.models' }); }}>Data Models</MenuItem>
        <MenuItem onClick={() => { setMenuAnchor(null); send({ type: 'edit.startMode' }); }}>Sync Start Mode</MenuItem>
      </Menu>
      <Section
        title="Data models"
        action={
          <Button size="small" onClick={() => setExceptionsOpen(true)}>
            See details
          </Button>
        }
      >
        <DataModelsList subCategories={subCategories} selection={selection} editable={selectCanEditModels(snapshot) && !busy} onToggle={(subCategory, modelId) => send({ type: 'model.toggle', subCategory, modelId })} />
        {editing === 'models' && saveButtons}
      </Section>
      <Section title="Sync start mode">
        <RadioGroup value={String(apiTrigger)} onChange={(_, value) => send({ type: 'startMode.set', apiTrigger: value === 'true' })} aria-label="Sync start mode">
          {START_MODES.map((mode) => (
            <FormControlLabel
              key={String(mode.apiTrigger)}
              value={String(mode.apiTrigger)}
              disabled={!selectCanEditStartMode(snapshot) || busy}
              control={<Radio size="small" />}
              sx={{ alignItems: 'flex-start', mb: 0.5 }}
              label={
                <Box sx={{ pt: 0.75 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>{mode.label}</Typography>
                  <Typography variant="caption">{mode.text}</Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
        {editing === 'startMode' && saveButtons}
      </Section>
      {!enabled && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 3 }}>
          <Button variant="outlined" size="large" onClick={() => send({ type: 'syncs.enable' })} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
            Enable Syncs
          </Button>
        </Box>
      )}
      <SyncStartDialog open={selectIsConfirmOpen(snapshot)} syncStartUrl={syncStartUrl} onConfirm={() => send({ type: 'confirm.accept' })} onCancel={() => send({ type: 'confirm.cancel' })} />
      <ModelExceptionsDialog open={exceptionsOpen} category={category} categoryLabel={categoryLabel} modelIds={selectedModelIds(subCategories, selection)} onClose={() => setExceptionsOpen(false)} />
    </Box>
  );
}
