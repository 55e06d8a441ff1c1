import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { COPIED_MESSAGE, useCopy } from '../../../components/useCopy.ts';
import { monoFontFamily } from '../../../theme/theme.ts';

interface CodeBlockProps {
  code: string;
  /** What the code is, for the copy button's name and the region ('NodeJS', 'Install LangGraph'). */
  label: string;
  /** Shown in the header: a file name or a language. */
  caption?: string;
  maxHeight?: number;
}

/** A snippet with its copy button ('Copied' for 1 s), scrolling sideways rather than wrapping. */
export function CodeBlock({ code, label, caption, maxHeight = 420 }: CodeBlockProps) {
  const { copied, copy } = useCopy();
  const done = copied === 'code';
  return (
    <Box role="region" aria-label={`${label} code`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: '#0F172A' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5, bgcolor: '#1E293B' }}>
        <Typography variant="caption" component="span" sx={{ color: '#CBD5E1', fontFamily: monoFontFamily, flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {caption ?? label}
        </Typography>
        <Button
          size="small"
          onClick={() => void copy('code', code)}
          startIcon={done ? <CheckRounded /> : <ContentCopyRounded />}
          aria-label={done ? `${label} copied` : `Copy ${label}`}
          sx={{ color: done ? '#86EFAC' : '#E2E8F0', minHeight: 30 }}
        >
          {done ? COPIED_MESSAGE : 'Copy'}
        </Button>
      </Box>
      <Box
        component="pre"
        tabIndex={0}
        sx={{ m: 0, p: 1.75, overflow: 'auto', maxHeight, color: '#E2E8F0', fontFamily: monoFontFamily, fontSize: '0.8125rem', lineHeight: 1.6, '&:focus-visible': { outline: '2px solid #818CF8', outlineOffset: -2 } }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}

export interface SnippetChoice {
  id: string;
  label: string;
  code: string;
  caption?: string;
}

interface SnippetTabsProps {
  /** What the tabs choose between ('Backend language', 'Framework'). */
  label: string;
  choices: readonly SnippetChoice[];
  value: string;
  onChange: (id: string) => void;
}

/** One snippet per language or framework, chosen with tabs. */
export function SnippetTabs({ label, choices, value, onChange }: SnippetTabsProps) {
  const id = useId();
  const shown = choices.find((choice) => choice.id === value) ?? choices[0];
  if (!shown) return null;
  return (
    <Box>
      <Tabs value={shown.id} onChange={(_, next: string) => onChange(next)} aria-label={label} variant="scrollable" allowScrollButtonsMobile sx={{ minHeight: 40, mb: 1 }}>
        {choices.map((choice) => (
          <Tab key={choice.id} value={choice.id} label={choice.label} id={`${id}-${choice.id}`} aria-controls={`${id}-panel`} sx={{ minHeight: 40, py: 0.5 }} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${shown.id}`}>
        <CodeBlock code={shown.code} label={shown.label} caption={shown.caption} />
      </Box>
    </Box>
  );
}
