import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { StepActions, StepHeader } from '../StepHeader.tsx';
import { ApiCallsList } from './ApiCallsList.tsx';
import type { StepViewProps } from './stepProps.ts';
import { SyncSettings } from './SyncSettings.tsx';

/**
 * Fetch data (spec part 1 §2, §4): the sync settings (data models, start mode, Enable Syncs, View
 * Syncs, Edit), the category's API calls, and Finish Onboarding, which completes the step and the
 * flow. Syncs are optional: they can be enabled later.
 */
export function FetchDataStep({ category, step, eyebrow, busy, pending, send }: StepViewProps) {
  const data = step.stepInitialData;
  return (
    <Box>
      <StepHeader
        eyebrow={eyebrow}
        title={step.label}
        done={step.stepStatus}
        description={`Choose which ${category.label} data is synced for every account that connects, and how its syncs start. Then read it through the unified API.`}
      />
      {data.skipSyncs ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
          {`${category.label} has no data models to sync: call its unified APIs directly.`}
        </Alert>
      ) : (
        <SyncSettings
          key={category.value}
          categoryLabel={category.label}
          input={{ category: category.value, syncEnabled: data.syncEnabled ?? false, syncOnAPI: data.syncOnAPI ?? false, syncStartUrl: data.syncStartUrl ?? '' }}
        />
      )}
      <Box sx={{ borderTop: 1, borderColor: 'divider', mb: 3 }} />
      <ApiCallsList category={category.value} categoryLabel={category.label} />
      <StepActions hint={step.stepStatus ? 'Onboarding of this category is complete.' : 'Syncs are optional: you can enable them later.'}>
        <Button
          variant="contained"
          size="large"
          disabled={step.stepStatus || busy}
          onClick={() => send({ type: 'onboarding.finish' })}
          startIcon={pending === 'finish' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Finish Onboarding
        </Button>
      </StepActions>
    </Box>
  );
}
