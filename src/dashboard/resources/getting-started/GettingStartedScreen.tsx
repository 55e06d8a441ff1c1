import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import type { ScreenProps } from '../../app/screens.ts';
import {
  createGettingStartedActors,
  gettingStartedMachine,
  selectFlow,
  selectFlowCompleted,
  selectIsLoading,
  selectIsRefreshing,
  selectIsSwitchOpen,
  selectIsWelcomeOpen,
  selectLoadError,
  selectShowsJourney,
} from '../../machines/gettingStarted/index.ts';
import { FlowDialogs } from './FlowDialogs.tsx';
import { FLOW_LABELS, FLOWS } from './flows.ts';
import { FlowPanel } from './FlowPanel.tsx';
import { useGettingStartedDeps } from './gettingStartedDeps.ts';

/**
 * /dashboard/getting-started (spec part 1 §2, §4): the two onboarding flows in tabs, each with its
 * green check once completed, the update-status icon, the welcome dialog when nothing has started
 * and the switch dialog when leaving the flow in progress. The gettingStarted machine owns the
 * tabs and dialogs; each tab's journey is the onboarding machine of its flow (FlowPanel).
 */
export function GettingStartedScreen({ title }: ScreenProps) {
  const deps = useGettingStartedDeps();
  const machine = useMemo(() => gettingStartedMachine.provide({ actors: createGettingStartedActors(deps) }), [deps]);
  const [snapshot, send] = useMachine(machine);
  // Each click of the update-status icon asks the journey shown to read its steps again.
  const [journeyRefresh, setJourneyRefresh] = useState(0);
  const flow = selectFlow(snapshot);
  const loadError = selectLoadError(snapshot);
  const refreshing = selectIsRefreshing(snapshot);
  const queryClient = useQueryClient();
  const onJourneyChanged = useCallback(() => {
    send({ type: 'status.refresh' });
    // A category enabled in either flow is offered at once by Create Magic Link and the filters,
    // whose choices (app.filtersMetadata) are otherwise cached for minutes.
    void queryClient.invalidateQueries({ queryKey: ['appFiltersMetadata'] });
  }, [send, queryClient]);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h3" component="h1" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Tooltip title="Update status">
          <span>
            <IconButton
              aria-label="Update status"
              disabled={refreshing}
              onClick={() => {
                send({ type: 'status.refresh' });
                setJourneyRefresh((n) => n + 1);
              }}
            >
              <SyncRounded sx={refreshing ? { animation: 'gs-spin 1s linear infinite', '@keyframes gs-spin': { to: { transform: 'rotate(360deg)' } } } : undefined} />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Tabs
        value={flow}
        onChange={(_, value: typeof flow) => send({ type: 'tab.select', flow: value })}
        aria-label="Getting started flows"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {FLOWS.map((tabFlow) => {
          const done = selectFlowCompleted(snapshot, tabFlow);
          return (
            <Tab
              key={tabFlow}
              value={tabFlow}
              id={`gs-tab-${tabFlow}`}
              aria-controls="gs-flow-panel"
              iconPosition="end"
              icon={done ? <CheckCircleRounded color="success" fontSize="small" titleAccess="Completed" /> : undefined}
              label={FLOW_LABELS[tabFlow]}
              sx={{ minHeight: 48 }}
            />
          );
        })}
      </Tabs>
      {loadError !== null && (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => send({ type: 'status.refresh' })}>
              Retry
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}
      {selectIsLoading(snapshot) && <FlowSkeleton />}
      {selectShowsJourney(snapshot) && (
        <Box id="gs-flow-panel" role="tabpanel" aria-labelledby={`gs-tab-${flow}`}>
          <FlowPanel key={flow} flow={flow} refreshRequest={journeyRefresh} onJourneyChanged={onJourneyChanged} />
        </Box>
      )}
      <FlowDialogs
        welcomeOpen={selectIsWelcomeOpen(snapshot)}
        switchTarget={selectIsSwitchOpen(snapshot) ? snapshot.context.pendingFlow : null}
        send={send}
      />
    </Box>
  );
}

/** The panel's shape while the status loads: the navigation and a step. */
export function FlowSkeleton() {
  return (
    <Box aria-label="Loading getting started" sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
      <Box>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={36} sx={{ mb: 1 }} />
        ))}
      </Box>
      <Box>
        <Skeleton variant="text" width="40%" height={36} />
        <Skeleton variant="text" width="70%" />
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mt: 2 }}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={72} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}
