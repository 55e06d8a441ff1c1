import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { RaThemeOptions } from 'react-admin';
import { accent, border, fontFamily, HEADER_HEIGHT, ink, muted, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, surface } from './tokens.ts';

// A restrained developer-tool look: neutral slate surfaces, one indigo accent, system fonts (the
// dashboard must work offline, so no web-font download), 8 px spacing with roomy paddings.
export { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH };

export const monoFontFamily = ['ui-monospace', 'SFMono-Regular', 'Menlo', 'Consolas', 'monospace'].join(',');

type StatusColour = 'success' | 'warning' | 'error' | 'info';
const STATUS_COLOURS = new Set<string>(['success', 'warning', 'error', 'info'] satisfies StatusColour[]);

export const themeOptions: RaThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: accent, light: '#818CF8', dark: '#3730A3', contrastText: '#FFFFFF' },
    secondary: { main: ink },
    // dark: the shade for text on white (chips, status words), at least 4.5:1 as WCAG AA asks of
    // small text; the main shades are for fills and icons (green and amber are near 3:1 on white).
    success: { main: '#16A34A', dark: '#15803D' },
    warning: { main: '#D97706', dark: '#B45309' },
    error: { main: '#DC2626', dark: '#B91C1C' },
    info: { main: '#0284C7', dark: '#0369A1' },
    text: { primary: ink, secondary: muted },
    divider: border,
    background: { default: surface, paper: '#FFFFFF' },
  },
  shape: { borderRadius: 10 },
  spacing: 8,
  typography: {
    fontFamily,
    fontSize: 14,
    h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.2 },
    h2: { fontSize: '1.875rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.25 },
    h3: { fontSize: '1.5rem', fontWeight: 650, letterSpacing: '-0.01em' },
    h4: { fontSize: '1.25rem', fontWeight: 650, letterSpacing: '-0.01em' },
    h5: { fontSize: '1.0625rem', fontWeight: 600 },
    h6: { fontSize: '0.9375rem', fontWeight: 600 },
    subtitle1: { fontSize: '0.9375rem', fontWeight: 500 },
    subtitle2: { fontSize: '0.8125rem', fontWeight: 500, color: muted },
    body1: { fontSize: '0.9375rem', lineHeight: 1.6 },
    body2: { fontSize: '0.875rem', lineHeight: 1.55 },
    caption: { fontSize: '0.75rem', color: muted },
    overline: { fontSize: '0.6875rem', fontWeight: 600, letterSpacing: '0.08em' },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_COLLAPSED_WIDTH },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: surface, WebkitFontSmoothing: 'antialiased' },
        'code, pre, kbd': { fontFamily: monoFontFamily },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 8, paddingInline: 16, minHeight: 38 },
        sizeLarge: { minHeight: 46, fontSize: '0.9375rem' },
        outlined: { borderColor: border },
      },
    },
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { outlined: { borderColor: border } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14, borderColor: border } },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          backgroundColor: '#FFFFFF',
          '& .MuiOutlinedInput-notchedOutline': { borderColor: '#CBD5E1' },
          '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: '#94A3B8' },
        },
      },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', size: 'medium', fullWidth: true } },
    MuiTooltip: {
      defaultProps: { arrow: true },
      styleOverrides: { tooltip: { backgroundColor: ink, fontSize: '0.75rem', padding: '6px 10px' }, arrow: { color: ink } },
    },
    MuiTableCell: {
      styleOverrides: {
        root: { borderBottomColor: border, paddingTop: 12, paddingBottom: 12 },
        head: { color: muted, fontWeight: 600, fontSize: '0.75rem', textTransform: 'uppercase', letterSpacing: '0.04em', backgroundColor: surface },
      },
    },
    MuiChip: {
      styleOverrides: {
        root: { borderRadius: 6, fontWeight: 500 },
        // An outlined chip's label is text on the page's white: in the colour's dark shade.
        outlined: ({ ownerState, theme }: { ownerState: { color?: string }; theme: Theme }) => (ownerState.color && STATUS_COLOURS.has(ownerState.color) ? { color: theme.palette[ownerState.color as StatusColour].dark } : {}),
      },
    },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 44 } } },
    MuiTabs: { styleOverrides: { root: { minHeight: 44 } } },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          '&.Mui-selected': { backgroundColor: alpha(accent, 0.1), color: accent },
          '&.Mui-selected:hover': { backgroundColor: alpha(accent, 0.14) },
        },
      },
    },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
  },
};

export const theme = createTheme(themeOptions);
