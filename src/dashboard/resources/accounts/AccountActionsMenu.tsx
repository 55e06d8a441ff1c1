import MoreVert from '@mui/icons-material/MoreVert';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Fragment, useState } from 'react';
import { useRefresh } from 'react-admin';
import { useNavigate } from 'react-router';
import type { AccountsRow } from '../../../generated/resources/accounts.ts';
import { apiClients, dataProvider, useToast } from '../../providers/index.ts';
import { accountActionsFor, editMappingUrl, type AccountAction, type AccountActionOptions, type OptionsAction, type OrgFeatures } from './accountActions.ts';
import { createReintegrateLink, optionsActionBody, runAccountAction, type MagicLinkResult, type OptionsActionBody, type Reintegrator } from './accountCalls.ts';
import { useAccountDialogs } from './useAccountDialogs.ts';

type Dialog = 'deactivate' | 'syncFrequency' | 'subscribedDataModels';

interface AccountActionsMenuProps {
  row: AccountsRow;
  features: OrgFeatures;
  options: AccountActionOptions;
  /** The dashboard user, to whom a reintegration link is made out. */
  user: Reintegrator;
}

/**
 * The actions menu of one account row. Options actions go to app.integratedAccountOptionsAction
 * (the dialogs first for deactivate, sync frequency and subscribed models); their success message
 * toasts and the table reloads. Reintegrate shows its link in the magic link result dialog.
 */
export function AccountActionsMenu({ row, features, options, user }: AccountActionsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<MagicLinkResult | undefined>();
  const toast = useToast();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const { dialogs, withDialogs } = useAccountDialogs();
  const actions = accountActionsFor(row, features, options);
  if (actions.length === 0) return null;

  const run = async (action: OptionsAction, extra: Partial<OptionsActionBody> = {}) => {
    setBusy(true);
    try {
      toast.success(await runAccountAction(apiClients, optionsActionBody(row, action, extra)));
      setDialog(undefined);
      // The rows changed: forget the list's cursors and reload the page.
      // The provider instance itself: react-admin's useDataProvider proxy expects every method to return a promise.
      dataProvider.resetCursors('accounts');
      refresh();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const reintegrate = async () => {
    setBusy(true);
    try {
      const created = await createReintegrateLink(apiClients, row, user);
      await withDialogs(() => setLink(created));
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const choose = (action: AccountAction) => {
    setAnchor(null);
    if (action.blockedMessage) {
      toast.warning(action.blockedMessage);
      return;
    }
    switch (action.id) {
      case 'deactivate':
      case 'syncFrequency':
      case 'subscribedDataModels': {
        const opened = action.id;
        withDialogs(() => setDialog(opened)).catch((error: unknown) => toast.error(error));
        return;
      }
      case 'editMapping':
        navigate(editMappingUrl(row.integrationId));
        return;
      case 'reintegrate':
        void reintegrate();
        return;
      default:
        void run(action.id);
    }
  };

  const label = `Actions for ${row.organization} ${row.appLabel}`;
  return (
    <>
      <IconButton size="small" aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} disabled={busy} data-testid="account-actions">
        {busy ? <CircularProgress size={18} /> : <MoreVert fontSize="small" />}
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': label, dense: true } }}>
        {actions.map((action) => (
          <Fragment key={action.id}>
            {action.destructive && <Divider />}
            <MenuItem onClick={() => choose(action)} sx={action.destructive ? { color: 'error.main' } : undefined}>
              <ListItemText>{action.label}</ListItemText>
            </MenuItem>
          </Fragment>
        ))}
      </Menu>
      {dialogs && dialog === 'deactivate' && <dialogs.DeactivateDialog row={row} open busy={busy} onClose={() => setDialog(undefined)} onConfirm={() => void run('deactivate')} />}
      {dialogs && dialog === 'syncFrequency' && (
        <dialogs.SyncFrequencyDialog row={row} open busy={busy} onClose={() => setDialog(undefined)} onSave={(choice) => void run('syncFrequency', choice)} />
      )}
      {dialogs && dialog === 'subscribedDataModels' && (
        <dialogs.SubscribedModelsDialog row={row} open busy={busy} onClose={() => setDialog(undefined)} onSave={(syncModels) => void run('subscribedDataModels', { syncModels })} />
      )}
      {dialogs && <dialogs.MagicLinkResultDialog result={link} title="Reintegration link created" onClose={() => setLink(undefined)} />}
    </>
  );
}
