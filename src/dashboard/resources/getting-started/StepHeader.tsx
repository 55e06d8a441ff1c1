import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface StepHeaderProps {
  /** 'Step 2 of 4', or a resource's kind. */
  eyebrow: string;
  title: string;
  description: ReactNode;
  /** Complete: a green Completed chip beside the title. */
  done?: boolean;
  actions?: ReactNode;
}

/** The heading of the step or resource page shown (the panel's labelled section). */
export function StepHeader({ eyebrow, title, description, done = false, actions }: StepHeaderProps) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 3 }}>
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ color: 'primary.main' }}>
          {eyebrow}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h2" id="gs-step-title">
            {title}
          </Typography>
          {done && <Chip size="small" color="success" variant="outlined" label="Completed" />}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.75, maxWidth: 760 }}>
          {description}
        </Typography>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

/** The step's own buttons, at its end. */
export function StepActions({ children, hint }: { children: ReactNode; hint?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1.5, flexWrap: 'wrap', mt: 4, pt: 2.5, borderTop: 1, borderColor: 'divider' }}>
      {hint && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto' }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}
