import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { MenuItem } from '../app/navigation.ts';

/** Whether a menu path is the current page or one of its sub-pages. */
function isActive(itemPath: string | undefined, pathname: string): boolean {
  if (!itemPath || /^https?:/.test(itemPath)) return false;
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

function ItemLabel({ item }: { item: MenuItem }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {item.label}
      {item.isBeta && (
        <Box component="span" sx={{ fontSize: '0.6875rem', fontWeight: 600, color: 'primary.main' }}>
          (Beta)
        </Box>
      )}
      {item.newTab && <OpenInNew sx={{ fontSize: 13, color: 'text.secondary' }} />}
    </Box>
  );
}

interface EntryProps {
  item: MenuItem;
  collapsed: boolean;
  depth?: number;
  onNavigate?: () => void;
}

function LinkEntry({ item, collapsed, depth = 0, onNavigate }: EntryProps) {
  const { pathname } = useLocation();
  const Icon = item.icon;
  const external = item.newTab || /^https?:/.test(item.path ?? '');
  const linkProps = external
    ? { component: 'a' as const, href: item.path, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: item.path ?? '#' };
  const button = (
    <ListItemButton
      {...linkProps}
      selected={isActive(item.path, pathname)}
      onClick={onNavigate}
      data-menu-key={item.key}
      aria-label={collapsed ? item.label : undefined}
      sx={{ minHeight: 40, px: collapsed ? 1.5 : 1.5, pl: collapsed ? 1.5 : 1.5 + depth * 2, mb: 0.25, justifyContent: collapsed ? 'center' : 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: collapsed ? 0 : 34, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!collapsed && <ListItemText primary={<ItemLabel item={item} />} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }} />}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={item.isBeta ? `${item.label} (Beta)` : item.label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}

function GroupEntry({ item, collapsed, onNavigate }: EntryProps) {
  const { pathname } = useLocation();
  const children = item.subMenu ?? [];
  const [open, setOpen] = useState(() => children.some((child) => isActive(child.path, pathname)));
  // A collapsed rail has no room for a nested list: the group's entries show as icons in line.
  if (collapsed) return <>{children.map((child) => <LinkEntry key={child.key} item={child} collapsed onNavigate={onNavigate} />)}</>;
  const Icon = item.icon;
  return (
    <>
      <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} data-menu-key={item.key} sx={{ minHeight: 40, px: 1.5, mb: 0.25 }}>
        <ListItemIcon sx={{ minWidth: 34, color: 'inherit' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={item.label} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding>
          {children.map((child) => (
            <LinkEntry key={child.key} item={child} collapsed={false} depth={1} onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

interface SidebarMenuProps {
  items: readonly MenuItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}

/** The sidebar's menu: links, '(Beta)' labels, new-tab entries and one level of sub-menus. */
export function SidebarMenu({ items, collapsed, onNavigate }: SidebarMenuProps) {
  return (
    <List component="nav" aria-label="Main menu" sx={{ px: 1.25, py: 1 }}>
      {items.map((item) =>
        item.subMenu ? (
          <GroupEntry key={item.key} item={item} collapsed={collapsed} onNavigate={onNavigate} />
        ) : (
          <LinkEntry key={item.key} item={item} collapsed={collapsed} onNavigate={onNavigate} />
        ),
      )}
    </List>
  );
}
