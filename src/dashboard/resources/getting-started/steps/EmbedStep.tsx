import InsertLinkRounded from '@mui/icons-material/InsertLinkRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, type ReactNode } from 'react';
import type { JourneyStep } from '../../../machines/onboarding/index.ts';
import { StepActions, StepHeader } from '../StepHeader.tsx';
import { ApiKeyPanel } from './ApiKeyPanel.tsx';
import { BackendSnippets, ComponentReference, ComponentSnippets, dashboardEngineUrl, useEmbedGuide } from './EmbedGuide.tsx';
import type { StepViewProps } from './stepProps.ts';
import { useProductionApiKey } from './useProductionApiKey.ts';

type SubStepId = JourneyStep['subSteps'][number]['subStepId'];

interface SubStepProps {
  marker: string;
  title: string;
  /** Done, waiting for events, or null for a section without a status (the guide page). */
  done: boolean | null;
  waiting?: string;
  children: ReactNode;
}

/** One sub-step of the embed step: its number, title, status and content. */
function SubStep({ marker, title, done, waiting, children }: SubStepProps) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gridTemplateColumns: '32px minmax(0, 1fr)', columnGap: 1.5, mb: 3.5 }}>
      <Box sx={{ width: 28, height: 28, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: done ? 'success.main' : 'primary.main', color: '#fff', fontWeight: 700, fontSize: 13 }}>
        {done ? <CheckCircleRounded sx={{ fontSize: 20 }} /> : marker}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 28, mb: 1 }}>
          <Typography variant="h6" component="h3">
            {title}
          </Typography>
          {done === true && <Chip size="small" color="success" variant="outlined" label="Done" />}
          {done === false && waiting && <Chip size="small" variant="outlined" label={waiting} />}
        </Box>
        {children}
      </Box>
    </Box>
  );
}

const Lead = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
    {children}
  </Typography>
);

/** The embed path's three parts: the API key, the backend's auth session, the component. */
function EmbedPath({ baseUrl, statusOf, onKeyKnown, categoryLabel }: { baseUrl: string; statusOf: (id: SubStepId) => boolean | null; onKeyKnown?: () => void; categoryLabel?: string }) {
  const apiKey = useProductionApiKey(onKeyKnown);
  const guide = useEmbedGuide(apiKey.full, baseUrl);
  return (
    <>
      <SubStep marker="1" title="Get your API key" done={statusOf('apiKey')}>
        <Lead>Your backend authenticates with the production API key as its bearer token. Keep it on your server, never in a browser.</Lead>
        <ApiKeyPanel apiKey={apiKey} />
      </SubStep>
      <SubStep marker="2" title="Create an auth session token" done={statusOf('authSessionToken')} waiting="Waiting for your backend’s first call">
        <Lead>
          For each of your customers, your backend calls POST {baseUrl}/auth.createSession with the API key and reads the token from msg.token. The step completes when the first session is
          created with your key.
        </Lead>
        <BackendSnippets guide={guide} />
      </SubStep>
      <SubStep marker="3" title="Embed the auth SDK" done={statusOf('embedSdk')} waiting={categoryLabel ? `Waiting for a ${categoryLabel} account to connect` : undefined}>
        <Lead>Your page shows the auth component with the token. Your customer picks an app and connects; the step completes when an account of this category connects.</Lead>
        <ComponentSnippets guide={guide} />
        <Box sx={{ mt: 2.5 }}>
          <ComponentReference guide={guide} />
        </Box>
      </SubStep>
    </>
  );
}

/**
 * Embed UI SDK / Embed SDK (spec part 1 §2, §4): the embed path's three sub-steps, or the magic
 * link path, which completes when a link for the category is generated. The step completes from
 * those events (read on every 20 s poll or with Check status); Next advances only once it is.
 */
export function EmbedStep({ flow, category, step, eyebrow, busy, pending, send, onCreateMagicLink }: StepViewProps) {
  const statusOf = (id: SubStepId) => step.stepStatus || (step.subSteps.find((sub) => sub.subStepId === id)?.subStepStatus ?? false);
  const baseUrl = step.stepInitialData.apiBaseUrl ?? dashboardEngineUrl();
  const onKeyKnown = useCallback(() => send({ type: 'journey.refresh' }), [send]);
  const final = step.isFinalStep;
  return (
    <Box>
      <StepHeader
        eyebrow={eyebrow}
        title={step.label}
        done={step.stepStatus}
        description={`Let your customers connect their ${category.label} apps: embed the auth component in your product, or send them a magic link.`}
      />
      <EmbedPath baseUrl={baseUrl} statusOf={statusOf} onKeyKnown={onKeyKnown} categoryLabel={category.label} />
      <Box role="separator" sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 3, color: 'text.secondary', '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' } }}>
        or
      </Box>
      <SubStep marker="✦" title="Create a magic link" done={statusOf('magicLink')}>
        <Lead>{`No code needed: send your customer a link to a hosted page where they connect their app. Generating a link that offers ${category.label} completes this step.`}</Lead>
        <Button variant="outlined" startIcon={<InsertLinkRounded />} onClick={onCreateMagicLink} aria-haspopup="dialog">
          Create Magic Link
        </Button>
      </SubStep>
      <StepActions hint={step.stepStatus ? undefined : 'The status updates every 20 seconds.'}>
        <Button
          onClick={() => send({ type: 'journey.refresh' })}
          disabled={busy}
          startIcon={pending === 'refresh' ? <CircularProgress size={16} /> : <SyncRounded />}
        >
          Check status
        </Button>
        {final ? (
          <Button
            variant="contained"
            size="large"
            disabled={!step.stepStatus || busy}
            onClick={() => send({ type: 'onboarding.finish' })}
            startIcon={pending === 'finish' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Finish Onboarding
          </Button>
        ) : (
          <Button variant="contained" size="large" disabled={!step.stepStatus || busy} onClick={() => send({ type: 'step.next' })}>
            Next
          </Button>
        )}
      </StepActions>
      {flow === 'aiAgent' && !step.stepStatus && (
        <Typography variant="caption" component="p" sx={{ mt: 1, textAlign: 'right' }}>
          This is the last step: the AI Agents Toolkit flow completes with it.
        </Typography>
      )}
    </Box>
  );
}

/** Resources › Embed the auth SDK: the whole guide, outside the steps. */
export function EmbedGuidePage({ apiBaseUrl }: { apiBaseUrl?: string }) {
  return (
    <Box>
      <StepHeader
        eyebrow="Resource"
        title="Embed the auth SDK"
        description="How your product lets customers connect their apps: your backend creates an auth session with your API key, your page shows the auth component with its token."
      />
      <EmbedPath baseUrl={apiBaseUrl ?? dashboardEngineUrl()} statusOf={() => null} />
    </Box>
  );
}
