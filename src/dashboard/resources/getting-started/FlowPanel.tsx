import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense, useEffect, useState } from 'react';
import { loadAccountDialogs } from '../../app/screens.ts';
import {
  selectCategories,
  selectCategoriesFailed,
  selectChosen,
  selectCompletion,
  selectIsBusy,
  selectIsNavigationHeld,
  selectIsLoading,
  selectIsWebhookDialogOpen,
  selectJourneyCategory,
  selectPendingAction,
  selectSelectButtonLabel,
  selectSteps,
  selectView,
  stepOf,
  type OnboardingFlow,
} from '../../machines/onboarding/index.ts';
import { CompletionDialog } from './CompletionDialog.tsx';
import { FlowSkeleton } from './GettingStartedScreen.tsx';
import { useGettingStartedDeps } from './gettingStartedDeps.ts';
import { SelectCategoryStep } from './SelectCategoryStep.tsx';
import { preloadAllViews, preloadView, StepContent } from './StepContent.tsx';
import { stepLabel } from './stepLabels.ts';
import { StepsNav, type NavStep } from './StepsNav.tsx';
import { useOnboardingPanel } from './useOnboardingPanel.ts';

type MagicLinkResult = Parameters<Parameters<typeof import('../../app/screens.ts').MagicLinkDialog>[0]['onCreated']>[0];
type AccountDialogs = Awaited<ReturnType<typeof loadAccountDialogs>>;

interface FlowPanelProps {
  flow: OnboardingFlow;
  /** Incremented by the update-status icon. */
  refreshRequest: number;
  /** The flow's status may have changed (a category started, a flow completed). */
  onJourneyChanged: () => void;
}

/** One flow's journey: the Steps and Resources navigation beside the step shown. */
export function FlowPanel({ flow, refreshRequest, onJourneyChanged }: FlowPanelProps) {
  const { WebhookDialog, MagicLinkDialog } = useGettingStartedDeps();
  const { snapshot, send } = useOnboardingPanel(flow, refreshRequest, onJourneyChanged);
  const [magicLinkOpen, setMagicLinkOpen] = useState(false);
  const [magicLinkLoaded, setMagicLinkLoaded] = useState(false);
  const [created, setCreated] = useState<MagicLinkResult | undefined>();
  const [accountDialogs, setAccountDialogs] = useState<AccountDialogs | null>(null);

  const view = selectView(snapshot);
  const steps = selectSteps(snapshot);
  const chosen = selectChosen(snapshot);
  const category = selectJourneyCategory(snapshot);
  const busy = selectIsBusy(snapshot);

  useEffect(() => {
    if (view) preloadView(view);
  }, [view]);
  useEffect(() => {
    const timer = setTimeout(preloadAllViews, 1_500);
    return () => clearTimeout(timer);
  }, []);

  // Before a journey is loaded (or while another category is picked), the navigation shows the
  // picked category's steps, each locked until Select Category is done.
  const journeyShown = steps.length > 0 && (view !== 'selectCategory' || chosen?.value === category?.value);
  const navSteps: NavStep[] = journeyShown
    ? steps.map((step) => ({ stepId: step.stepId, label: step.label, done: step.stepStatus, locked: step.locked, current: step.current }))
    : (chosen?.steps ?? [{ stepId: 'selectCategory' as const, stepStatus: false }]).map((step, i) => ({
        stepId: step.stepId,
        label: stepLabel(flow, step.stepId),
        done: false,
        locked: i > 0,
        current: i === 0,
      }));

  const openMagicLink = () =>
    void MagicLinkDialog.preload().then(() => {
      setMagicLinkLoaded(true);
      setMagicLinkOpen(true);
    });
  const onMagicLinkCreated = (result: MagicLinkResult) => {
    setMagicLinkOpen(false);
    // A link for the category completes the embed step's magic-link path.
    send({ type: 'journey.refresh' });
    void loadAccountDialogs().then((dialogs) => {
      setAccountDialogs(dialogs);
      setCreated(result);
    });
  };

  const viewedStep = view && view !== 'embedGuide' ? stepOf(steps, view) : undefined;
  const stepProps =
    viewedStep && category
      ? {
          flow,
          category,
          step: viewedStep,
          steps,
          eyebrow: `Step ${steps.indexOf(viewedStep) + 1} of ${steps.length}`,
          busy,
          pending: selectPendingAction(snapshot),
          send,
          onCreateMagicLink: openMagicLink,
        }
      : null;
  const webhookUrl = stepOf(steps, 'registerWebhook')?.stepInitialData.webhook ?? undefined;

  if (selectIsLoading(snapshot)) return <FlowSkeleton />;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '248px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <StepsNav
          flow={flow}
          steps={navSteps}
          view={view}
          onOpenStep={(stepId) => send({ type: 'step.open', stepId })}
          onOpenEmbedGuide={() => send({ type: 'resource.open', resource: 'embedGuide' })}
          onCreateMagicLink={openMagicLink}
          onIntent={preloadView}
          held={selectIsNavigationHeld(snapshot)}
        />
        <Box component="section" aria-labelledby="gs-step-title" sx={{ minWidth: 0 }}>
          {selectCategoriesFailed(snapshot) && (
            <Alert
              severity="error"
              variant="outlined"
              action={
                <Button color="inherit" size="small" onClick={() => send({ type: 'categories.retry' })}>
                  Retry
                </Button>
              }
            >
              The categories could not be loaded.
            </Alert>
          )}
          {view === 'selectCategory' && (
            <SelectCategoryStep
              flow={flow}
              stepCount={navSteps.length}
              categories={selectCategories(snapshot)}
              chosen={chosen?.value ?? null}
              nextLabel={selectSelectButtonLabel(snapshot)}
              busy={busy}
              onChoose={(value) => send({ type: 'category.choose', category: value })}
              onNext={() => send({ type: 'step.next' })}
            />
          )}
          {view !== null && view !== 'selectCategory' && <StepContent view={view} props={stepProps} apiBaseUrl={stepOf(steps, 'embedSdk')?.stepInitialData.apiBaseUrl} />}
        </Box>
      </Box>
      <CompletionDialog completion={selectCompletion(snapshot)} flow={flow} onClose={() => send({ type: 'completion.close' })} />
      {category && selectIsWebhookDialogOpen(snapshot) && (
        <Suspense fallback={null}>
          <WebhookDialog
            open
            category={{ value: category.value, label: category.label }}
            {...(webhookUrl ? { initialUrl: webhookUrl } : {})}
            onClose={() => send({ type: 'webhook.close' })}
            onSaved={(url) => send({ type: 'webhook.saved', url })}
          />
        </Suspense>
      )}
      {magicLinkLoaded && <MagicLinkDialog open={magicLinkOpen} onClose={() => setMagicLinkOpen(false)} onCreated={onMagicLinkCreated} />}
      {accountDialogs && <accountDialogs.MagicLinkResultDialog result={created} onClose={() => setCreated(undefined)} />}
    </>
  );
}
