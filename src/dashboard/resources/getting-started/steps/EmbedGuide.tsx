import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import {
  BACKEND_LANGUAGES,
  COMPONENT_FRAMEWORKS,
  embedGuide,
  KNIT_AUTH,
  type BackendLanguage,
  type ComponentFramework,
  type KnitAuthEvent,
} from '../../../../shared/embedSnippets.ts';
import { monoFontFamily } from '../../../theme/theme.ts';
import { CodeBlock, SnippetTabs } from './CodeBlock.tsx';

// The embed guide (spec part 1 §2): the snippets come from src/shared/embedSnippets.ts, filled
// with the organisation's API key and the engine's base URL; this module only lays them out.

/** Stands in for the key in the snippets while only its prefix is known. */
export const API_KEY_PLACEHOLDER = '<YOUR_API_KEY>';

/** The snippets for a key (null: the placeholder) and the engine's base URL. */
export function useEmbedGuide(apiKey: string | null, baseUrl: string) {
  return useMemo(() => embedGuide({ apiKey: apiKey ?? API_KEY_PLACEHOLDER, baseUrl }), [apiKey, baseUrl]);
}
type Guide = ReturnType<typeof useEmbedGuide>;

export function BackendSnippets({ guide }: { guide: Guide }) {
  const [language, setLanguage] = useState<BackendLanguage>('nodejs');
  const choices = BACKEND_LANGUAGES.map((id) => ({ id, label: guide.backend[id].label, code: guide.backend[id].code, caption: guide.backend[id].fileName }));
  return <SnippetTabs label="Backend language" choices={choices} value={language} onChange={(id) => setLanguage(id as BackendLanguage)} />;
}

export function ComponentSnippets({ guide }: { guide: Guide }) {
  const [framework, setFramework] = useState<ComponentFramework>('react');
  const choices = COMPONENT_FRAMEWORKS.map((id) => ({ id, label: guide.component[id].label, code: guide.component[id].code, caption: guide.component[id].fileName }));
  return <SnippetTabs label="Frontend framework" choices={choices} value={framework} onChange={(id) => setFramework(id as ComponentFramework)} />;
}

const EVENT_TEXT: Record<KnitAuthEvent, string> = {
  onNewSession: 'The component needs a new token (the end user opened it again, or its token expired or was used): fetch a new one from your backend and set the attribute again. Set the first token yourself when the page loads.',
  onFinish: 'An app was connected, or the attempt ended. event.detail.integrationDetails is an IntegrationDetails.',
  onDeactivate: 'The end user deactivated an integration. event.detail.integrationDetails is an IntegrationDetails.',
  onKnitClose: 'The component was closed.',
};

const Name = ({ children }: { children: string }) => (
  <Box component="code" sx={{ fontFamily: monoFontFamily, fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
    {children}
  </Box>
);

/** The component's attributes, its four events and the IntegrationDetails they carry. */
export function ComponentReference({ guide }: { guide: Guide }) {
  const rows: [string, string][] = [
    [KNIT_AUTH.tokenAttribute, 'The auth session token your backend created (msg.token of auth.createSession).'],
    [KNIT_AUTH.skipIntroAttribute, 'Present: the component skips its intro screen.'],
  ];
  return (
    // One column no wider than the page: a grid's auto column grows to its widest code line.
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2.5 }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`<${KNIT_AUTH.tagName}> attributes and events`}>
          <TableHead>
            <TableRow>
              <TableCell>Attribute or event</TableCell>
              <TableCell>What it does</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(([name, text]) => (
              <TableRow key={name}>
                <TableCell>
                  <Name>{name}</Name>
                </TableCell>
                <TableCell>{text}</TableCell>
              </TableRow>
            ))}
            {KNIT_AUTH.events.map((event) => (
              <TableRow key={event}>
                <TableCell>
                  <Name>{event}</Name>
                </TableCell>
                <TableCell>{EVENT_TEXT[event]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
          IntegrationDetails
        </Typography>
        <CodeBlock code={guide.integrationDetails.code} label="IntegrationDetails" caption={guide.integrationDetails.fileName} />
      </Box>
    </Box>
  );
}

/** The engine's base URL for pages without a journey's: the one this dashboard calls. */
export function dashboardEngineUrl(): string {
  return new URL(import.meta.env.VITE_ENGINE_URL || '/api', globalThis.location?.origin ?? 'http://localhost').toString().replace(/\/$/, '');
}
