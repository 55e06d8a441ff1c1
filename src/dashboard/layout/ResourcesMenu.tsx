import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { resourcesMenuFor, type FeatureFlags, type Role } from '../app/navigation.ts';

/** Header menu of resources (part 1 §2): the documentation (external) and the field capability matrix. */
export function ResourcesMenu({ role, flags, compact }: { role: Role; flags: FeatureFlags; compact: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const open = (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  return (
    <>
      {compact ? (
        <IconButton onClick={open} aria-label="Resources" aria-haspopup="menu">
          <HelpOutlineOutlined />
        </IconButton>
      ) : (
        <Button onClick={open} color="inherit" startIcon={<HelpOutlineOutlined />} aria-haspopup="menu" sx={{ color: 'text.secondary' }}>
          Resources
        </Button>
      )}
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 1, border: 1, borderColor: 'divider', boxShadow: '0 12px 32px rgba(15, 23, 42, 0.12)' } } }}
      >
        {resourcesMenuFor(role, flags).map((item) => {
          const Icon = item.icon;
          const linkProps = item.newTab
            ? { component: 'a' as const, href: item.path, target: '_blank', rel: 'noopener noreferrer' }
            : { component: RouterLink, to: item.path ?? '#' };
          return (
            <MenuItem key={item.key} {...linkProps} onClick={close} data-menu-key={item.key} sx={{ py: 1.25 }}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={item.label} />
              {item.newTab && <OpenInNew sx={{ fontSize: 14, color: 'text.secondary', ml: 1 }} />}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
