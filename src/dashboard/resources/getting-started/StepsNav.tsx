import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CodeRounded from '@mui/icons-material/CodeRounded';
import InsertLinkRounded from '@mui/icons-material/InsertLinkRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import RadioButtonCheckedRounded from '@mui/icons-material/RadioButtonCheckedRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { OnboardingFlow, OnboardingView, StepId } from '../../machines/onboarding/index.ts';

export interface NavStep {
  stepId: StepId;
  label: string;
  done: boolean;
  locked: boolean;
  current: boolean;
}

interface StepsNavProps {
  flow: OnboardingFlow;
  steps: NavStep[];
  view: OnboardingView | null;
  onOpenStep: (stepId: StepId) => void;
  onOpenEmbedGuide: () => void;
  onCreateMagicLink: () => void;
  /** Preloads a step's code when its entry is pointed at. */
  onIntent?: (view: OnboardingView) => void;
  /** A call that changes the journey is in flight: steps and the embed guide wait for its answer. */
  held?: boolean;
}

function StepIcon({ step }: { step: NavStep }) {
  if (step.done) return <CheckCircleRounded color="success" fontSize="small" />;
  if (step.locked) return <LockRounded fontSize="small" sx={{ color: 'text.disabled' }} />;
  if (step.current) return <RadioButtonCheckedRounded color="primary" fontSize="small" />;
  return <RadioButtonUncheckedRounded fontSize="small" sx={{ color: 'text.secondary' }} />;
}

const stateText = (step: NavStep) => (step.done ? 'completed' : step.locked ? 'locked until the earlier steps are complete' : step.current ? 'current step' : 'not started');

interface NavEntryProps {
  icon: ReactNode;
  label: string;
  secondary?: string;
  selected?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
  ariaCurrent?: 'step' | 'page';
  popup?: boolean;
  onClick: () => void;
  onIntent?: () => void;
}

// Plain buttons rather than MUI's list items: the shell's menu inlines those, and sharing them
// with this screen would split them out of the shell's chunk.
function NavEntry({ icon, label, secondary, selected = false, disabled = false, ariaLabel, ariaCurrent, popup, onClick, onIntent }: NavEntryProps) {
  return (
    <li>
      <ButtonBase
        onClick={onClick}
        onPointerEnter={onIntent}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-current={selected ? ariaCurrent : undefined}
        aria-haspopup={popup ? 'dialog' : undefined}
        focusRipple
        sx={{
          width: '100%', display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 1.25, px: 1.5, py: 0.9, borderRadius: 1.5, textAlign: 'left',
          bgcolor: selected ? 'rgba(79, 70, 229, 0.08)' : 'transparent', '&:hover': { bgcolor: selected ? 'rgba(79, 70, 229, 0.12)' : 'action.hover' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 }, '&.Mui-disabled': { opacity: 0.6 },
        }}
      >
        <Box sx={{ display: 'flex', flexShrink: 0 }}>{icon}</Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: selected ? 600 : 500, color: selected ? 'primary.dark' : 'text.primary' }}>
            {label}
          </Typography>
          {secondary && (
            <Typography variant="caption" component="span" sx={{ display: 'block' }}>
              {secondary}
            </Typography>
          )}
        </Box>
      </ButtonBase>
    </li>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.25 } as const;

/**
 * The left navigation (spec part 1 §2): Steps, each with its state (a locked one cannot be opened),
 * and Resources: Embed the auth SDK and Create Magic Link.
 */
export function StepsNav({ flow, steps, view, onOpenStep, onOpenEmbedGuide, onCreateMagicLink, onIntent, held = false }: StepsNavProps) {
  return (
    <Paper component="nav" variant="outlined" aria-label="Getting started" aria-busy={held || undefined} sx={{ p: 1, alignSelf: 'start', position: { md: 'sticky' }, top: { md: 84 } }}>
      <Typography variant="overline" component="h2" sx={{ display: 'block', px: 1.5, pt: 0.5, color: 'text.secondary' }}>
        Steps
      </Typography>
      <Box component="ol" aria-label={`${flow === 'webapp' ? 'Unified APIs and Syncs' : 'AI Agents Toolkit'} steps`} sx={listSx}>
        {steps.map((step, i) => (
          <NavEntry
            key={step.stepId}
            icon={<StepIcon step={step} />}
            label={step.label}
            secondary={`Step ${i + 1}`}
            selected={view === step.stepId}
            disabled={step.locked || held}
            ariaLabel={`Step ${i + 1}: ${step.label}, ${stateText(step)}`}
            ariaCurrent="step"
            onClick={() => onOpenStep(step.stepId)}
            onIntent={() => onIntent?.(step.stepId)}
          />
        ))}
      </Box>
      <Typography variant="overline" component="h2" sx={{ display: 'block', px: 1.5, pt: 1.5, color: 'text.secondary' }}>
        Resources
      </Typography>
      <Box component="ul" aria-label="Resources" sx={listSx}>
        <NavEntry icon={<CodeRounded fontSize="small" />} label="Embed the auth SDK" selected={view === 'embedGuide'} disabled={held} ariaCurrent="page" onClick={onOpenEmbedGuide} onIntent={() => onIntent?.('embedGuide')} />
        <NavEntry icon={<InsertLinkRounded fontSize="small" />} label="Create Magic Link" popup onClick={onCreateMagicLink} />
      </Box>
    </Paper>
  );
}
