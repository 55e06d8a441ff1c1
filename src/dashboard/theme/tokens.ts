// The dashboard's colours, type and shell measures as plain values: the MUI theme is built from
// them (theme.ts), and so is the page's first paint (app/firstPaint.ts), which the build writes into
// index.html before any script runs, so the two cannot drift apart.
export const accent = '#4F46E5';
export const ink = '#0F172A';
export const muted = '#64748B';
export const border = '#E2E8F0';
export const surface = '#F8FAFC';
/** MUI's default Skeleton fill: text.primary at 11% on white. */
export const placeholder = 'rgba(15, 23, 42, 0.11)';

export const SIDEBAR_WIDTH = 248;
export const SIDEBAR_COLLAPSED_WIDTH = 68;
export const HEADER_HEIGHT = 60;
/** MUI's md breakpoint: below it the sidebar is a drawer over the page, at it and up a rail. */
export const MD_BREAKPOINT_PX = 900;
/** The content area's widest extent. */
export const MAIN_MAX_WIDTH = 1440;

export const fontFamily = [
  'Inter',
  'ui-sans-serif',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** The product mark on a 32-unit square: two linked nodes (an integration) on the accent colour. */
export const logoMark = {
  cornerRadius: 8,
  links: 'M11 10.5v11M21 10.5v11M11 16h10',
  linkWidth: 2.6,
  nodes: [[11, 10.5], [21, 21.5]] as const,
  nodeRadius: 2.4,
  nodeFill: '#C7D2FE',
};
