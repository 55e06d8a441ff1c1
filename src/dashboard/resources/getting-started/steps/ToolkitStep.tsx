import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import type { LlmFramework } from '../../../machines/onboarding/index.ts';
import { StepActions, StepHeader } from '../StepHeader.tsx';
import { ApiKeyPanel } from './ApiKeyPanel.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import type { StepViewProps } from './stepProps.ts';
import { useProductionApiKey } from './useProductionApiKey.ts';

const FRAMEWORK_ORDER: readonly LlmFramework[] = ['langgraph', 'langchain', 'openai'];

const Heading = ({ children }: { children: string }) => (
  <Typography variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
    {children}
  </Typography>
);

/**
 * Use toolkit with LLMs (spec part 1 §2, §4): the API key, a choice of LangGraph, LangChain or
 * OpenAI with the install and usage snippets the engine wrote for the category; the step
 * completes with the enable-toolkit call, which records the framework chosen.
 */
export function ToolkitStep({ category, step, eyebrow, busy, pending, send }: StepViewProps) {
  const { llmDataMap = {}, codeDependenciesMap = {} } = step.stepInitialData;
  const frameworks = FRAMEWORK_ORDER.filter((framework) => llmDataMap[framework]);
  const [framework, setFramework] = useState<LlmFramework>(frameworks[0] ?? 'langgraph');
  const onKeyKnown = useCallback(() => send({ type: 'journey.refresh' }), [send]);
  const apiKey = useProductionApiKey(onKeyKnown);
  const usage = llmDataMap[framework];
  const install = codeDependenciesMap[framework];
  return (
    <Box>
      <StepHeader
        eyebrow={eyebrow}
        title={step.label}
        done={step.stepStatus}
        description={`Give your agent the ${category.label} tools: they act on your customers’ connected accounts with your API key.`}
      />
      <Heading>Your API key</Heading>
      <ApiKeyPanel apiKey={apiKey} />
      <Heading>Framework</Heading>
      <ToggleButtonGroup exclusive value={framework} onChange={(_, next: LlmFramework | null) => next && setFramework(next)} aria-label="Framework" size="small" sx={{ flexWrap: 'wrap' }}>
        {frameworks.map((id) => (
          <ToggleButton key={id} value={id} sx={{ px: 2 }}>
            {llmDataMap[id]?.label ?? id}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {install && (
        <>
          <Heading>Install</Heading>
          <CodeBlock code={install.code} label={`Install ${install.label}`} caption={install.language} />
        </>
      )}
      {usage && (
        <>
          <Heading>Use</Heading>
          <CodeBlock code={usage.code} label={`${usage.label} usage`} caption={usage.language} />
          {usage.docLink && (
            <Link href={usage.docLink} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1, fontSize: '0.875rem' }}>
              {`${usage.label} documentation`}
              <OpenInNewRounded sx={{ fontSize: 16 }} />
            </Link>
          )}
        </>
      )}
      <StepActions hint={step.stepStatus ? undefined : 'Enabling the toolkit turns on the category’s tools for your API key.'}>
        {step.stepStatus ? (
          <Button variant="contained" size="large" disabled={busy} onClick={() => send({ type: 'step.next' })}>
            Next
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            disabled={busy}
            onClick={() => send({ type: 'toolkit.enable', framework })}
            startIcon={pending === 'toolkit' ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Enable toolkit
          </Button>
        )}
      </StepActions>
    </Box>
  );
}
