import KeyboardDoubleArrowLeft from '@mui/icons-material/KeyboardDoubleArrowLeft';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactNode } from 'react';
import { preloadable } from '../app/preloadable.tsx';
import type { MenuItem } from '../app/navigation.ts';
import { Logo } from '../components/Logo.tsx';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../theme/theme.ts';
import { SidebarMenu } from './SidebarMenu.tsx';

// The mobile drawer (a modal sheet over the page) is a chunk of its own: a desktop page never
// shows it, and a phone fetches it when the menu is first opened.
export const SidebarDrawer = preloadable(() => import('./SidebarDrawer.tsx').then((module) => module.SidebarDrawer));

interface SidebarProps {
  /** Menu of the user's role and flags; undefined while permissions load. */
  items: readonly MenuItem[] | undefined;
  /** Below md the sidebar is a drawer over the page; at md and up a rail beside it. */
  mobile: boolean;
  /** Desktop: expanded (true) or icon rail (false). Mobile: drawer open. */
  open: boolean;
  onToggle: () => void;
  /** The usage meter slot, rendered below the menu. */
  footer: (collapsed: boolean) => ReactNode;
}

function LogoToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  return (
    <Box sx={{ height: HEADER_HEIGHT, display: 'flex', alignItems: 'center', px: 1.75, gap: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Tooltip title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} placement="right">
        <ButtonBase
          onClick={onToggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          sx={{ borderRadius: 2, p: 0.5, flex: collapsed ? '0 0 auto' : 1, justifyContent: 'flex-start', minWidth: 0 }}
        >
          <Logo showName={!collapsed} size={30} />
        </ButtonBase>
      </Tooltip>
      {!collapsed && <KeyboardDoubleArrowLeft fontSize="small" sx={{ color: 'text.disabled', pointerEvents: 'none' }} />}
    </Box>
  );
}

function MenuSkeleton({ collapsed }: { collapsed: boolean }) {
  return (
    <Box sx={{ px: 2, py: 1.5 }} aria-label="Loading menu">
      {Array.from({ length: 7 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={28} width={collapsed ? 28 : '100%'} sx={{ mb: 1.25 }} />
      ))}
    </Box>
  );
}

function SidebarBody({ items, collapsed, onToggle, onNavigate, footer }: { items: SidebarProps['items']; collapsed: boolean; onToggle: () => void; onNavigate?: () => void; footer: SidebarProps['footer'] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'background.paper' }}>
      <LogoToggle collapsed={collapsed} onToggle={onToggle} />
      <Box sx={{ flex: '0 1 auto', overflowY: 'auto', overflowX: 'hidden' }}>
        {items ? <SidebarMenu items={items} collapsed={collapsed} onNavigate={onNavigate} /> : <MenuSkeleton collapsed={collapsed} />}
      </Box>
      {!collapsed && <Divider sx={{ mx: 2, mb: 1.5 }} />}
      {footer(collapsed)}
      <Box sx={{ flex: 1 }} />
    </Box>
  );
}

/** The collapsible sidebar: logo toggle on top, the role's menu, then the usage meter slot. */
export function Sidebar({ items, mobile, open, onToggle, footer }: SidebarProps) {
  // Below md: the drawer, from its first opening on (ShellLayout opens it once its chunk is in).
  const [opened, setOpened] = useState(open);
  if (mobile && open && !opened) setOpened(true);
  if (mobile) {
    return opened ? (
      <SidebarDrawer open={open} onToggle={onToggle}>
        <SidebarBody items={items} collapsed={false} onToggle={onToggle} onNavigate={onToggle} footer={footer} />
      </SidebarDrawer>
    ) : null;
  }
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  // The rail stretches with the page (its background and border reach the bottom of a tall page),
  // while its content stays in view: a sticky, viewport-high box inside it.
  return (
    <Box
      component="aside"
      aria-label="Sidebar"
      sx={{
        width,
        flexShrink: 0,
        alignSelf: 'stretch',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      }}
    >
      <Box sx={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}>
        <SidebarBody items={items} collapsed={!open} onToggle={onToggle} footer={footer} />
      </Box>
    </Box>
  );
}
