import OpenInNew from '@mui/icons-material/OpenInNew';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { resourcesMenuFor, type FeatureFlags, type Role } from '../app/navigation.ts';

export interface ResourcesMenuPopupProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  role: Role;
  flags: FeatureFlags;
}

/** The resources menu's popup (ResourcesMenu's chunk of its own): the documentation and the field capability matrix. */
export function ResourcesMenuPopup({ anchor, onClose: close, role, flags }: ResourcesMenuPopupProps) {
  return (
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
  );
}
