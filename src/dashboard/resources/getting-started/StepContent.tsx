import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { preloadable } from '../../app/preloadable.tsx';
import type { OnboardingView } from '../../machines/onboarding/index.ts';
import type { StepViewProps } from './steps/stepProps.ts';

// Each step's code is a chunk of its own: the route loads the frame and Select Category; a step is
// fetched when the journey reaches it (or its entry is pointed at), and all of them once the page
// is idle, so moving between steps does not wait.
const WebhookStep = preloadable(() => import('./steps/WebhookStep.tsx').then((module) => module.WebhookStep));
const EmbedStep = preloadable(() => import('./steps/EmbedStep.tsx').then((module) => module.EmbedStep));
const EmbedGuidePage = preloadable(() => import('./steps/EmbedStep.tsx').then((module) => module.EmbedGuidePage));
const FetchDataStep = preloadable(() => import('./steps/FetchDataStep.tsx').then((module) => module.FetchDataStep));
const ToolkitStep = preloadable(() => import('./steps/ToolkitStep.tsx').then((module) => module.ToolkitStep));

const VIEWS = { registerWebhook: WebhookStep, embedSdk: EmbedStep, fetchData: FetchDataStep, useToolkit: ToolkitStep, embedGuide: EmbedGuidePage } as const;

/** Starts fetching a view's code (a step entry pointed at, the step the journey opens). */
export function preloadView(view: OnboardingView): void {
  if (view in VIEWS) void VIEWS[view as keyof typeof VIEWS].preload().catch(() => undefined);
}

/** Fetches every step's code (called once the page is idle). */
export function preloadAllViews(): void {
  for (const view of Object.values(VIEWS)) void view.preload().catch(() => undefined);
}

export function StepSkeleton() {
  return (
    <Box aria-label="Loading step">
      <Skeleton variant="text" width={120} />
      <Skeleton variant="text" width="45%" height={40} />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
    </Box>
  );
}

/** The step of the journey shown, or the Embed the auth SDK resource page. */
export function StepContent({ view, props, apiBaseUrl }: { view: Exclude<OnboardingView, 'selectCategory'>; props: StepViewProps | null; apiBaseUrl?: string }) {
  return (
    <Suspense fallback={<StepSkeleton />}>
      {view === 'embedGuide' ? (
        <EmbedGuidePage {...(apiBaseUrl ? { apiBaseUrl } : {})} />
      ) : props === null ? (
        <StepSkeleton />
      ) : view === 'registerWebhook' ? (
        <WebhookStep {...props} />
      ) : view === 'embedSdk' ? (
        <EmbedStep {...props} />
      ) : view === 'fetchData' ? (
        <FetchDataStep {...props} />
      ) : (
        <ToolkitStep {...props} />
      )}
    </Suspense>
  );
}
