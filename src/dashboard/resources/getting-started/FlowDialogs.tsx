import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SyncAltRounded from '@mui/icons-material/SyncAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { GettingStartedEvent, GettingStartedFlow } from '../../machines/gettingStarted/index.ts';
import { FLOW_DESCRIPTIONS, FLOW_LABELS, FLOWS } from './flows.ts';

const FLOW_ICONS: Record<GettingStartedFlow, typeof SyncAltRounded> = { webapp: SyncAltRounded, aiAgent: AutoAwesomeOutlined };

/** 'Proceed with onboarding': shown while no category has started or finished in either flow. */
export function WelcomeDialog({ open, onChoose, onDismiss }: { open: boolean; onChoose: (flow: GettingStartedFlow) => void; onDismiss: () => void }) {
  return (
    <Dialog open={open} onClose={onDismiss} maxWidth="sm" fullWidth aria-labelledby="welcome-title" aria-describedby="welcome-text">
      <DialogTitle id="welcome-title" sx={{ pr: 7 }}>
        Proceed with onboarding
        <IconButton aria-label="Close" onClick={onDismiss} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Typography id="welcome-text" variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
          Pick how you want to start. You can switch between the two flows at any time from the tabs.
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {FLOWS.map((flow) => {
            const Icon = FLOW_ICONS[flow];
            return (
              <ButtonBase
                key={flow}
                onClick={() => onChoose(flow)}
                aria-label={FLOW_LABELS[flow]}
                focusRipple
                sx={{
                  display: 'flex', flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', gap: 1, p: 2, borderRadius: 2,
                  border: 1, borderColor: 'divider', '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
                }}
              >
                <Icon color="primary" />
                <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
                  {FLOW_LABELS[flow]}
                </Typography>
                <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
                  {FLOW_DESCRIPTIONS[flow]}
                </Typography>
              </ButtonBase>
            );
          })}
        </Box>
      </DialogContent>
    </Dialog>
  );
}

interface SwitchFlowDialogProps {
  /** The flow asked for; null while closed. */
  target: GettingStartedFlow | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Changing your getting started flow?': leaving the flow that is in progress. */
export function SwitchFlowDialog({ target, onConfirm, onCancel }: SwitchFlowDialogProps) {
  const ongoing = target === 'webapp' ? 'aiAgent' : 'webapp';
  return (
    <Dialog open={target !== null} onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="switch-flow-title" aria-describedby="switch-flow-text">
      <DialogTitle id="switch-flow-title">Changing your getting started flow?</DialogTitle>
      <DialogContent>
        <Typography id="switch-flow-text" variant="body2" sx={{ color: 'text.secondary' }}>
          {target && `Your ${FLOW_LABELS[ongoing]} onboarding is in progress. Its steps stay as they are if you switch to ${FLOW_LABELS[target]}.`}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={onCancel}>
          Continue with ongoing flow
        </Button>
        <Button variant="contained" onClick={onConfirm}>
          Switch getting started flow
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The page's two dialogs, sending the page machine's events. */
export function FlowDialogs({ welcomeOpen, switchTarget, send }: { welcomeOpen: boolean; switchTarget: GettingStartedFlow | null; send: (event: GettingStartedEvent) => void }) {
  return (
    <>
      <WelcomeDialog open={welcomeOpen} onChoose={(flow) => send({ type: 'welcome.choose', flow })} onDismiss={() => send({ type: 'welcome.dismiss' })} />
      <SwitchFlowDialog target={switchTarget} onConfirm={() => send({ type: 'switch.confirm' })} onCancel={() => send({ type: 'switch.cancel' })} />
    </>
  );
}
