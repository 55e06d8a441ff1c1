import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useLogout } from 'react-admin';
import { useNavigate } from 'react-router';
import { userMenuFor, type FeatureFlags, type Role } from '../app/navigation.ts';
import { roleLabel } from '../components/columns/roleLabel.ts';

export interface UserMenuPopupProps {
  anchor: HTMLElement | null;
  onClose: () => void;
  role: Role;
  flags: FeatureFlags;
  name: string;
  email: string;
}

/** The user menu's popup (UserMenu's chunk of its own): who is signed in, Profile, Settings, Logout. */
export function UserMenuPopup({ anchor, onClose: close, role, flags, name, email }: UserMenuPopupProps) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 1, border: 1, borderColor: 'divider', boxShadow: '0 12px 32px rgba(15, 23, 42, 0.12)' } } }}
    >
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Typography variant="caption" component="p" noWrap>
          {email}
        </Typography>
        <Chip size="small" label={roleLabel(role)} sx={{ mt: 1 }} />
      </Box>
      <Divider />
      {userMenuFor(role, flags).map((item) => {
        const Icon = item.icon;
        const onClick = () => {
          close();
          if (item.key === 'logout') logout();
          else if (item.path) navigate(item.path);
        };
        return (
          <MenuItem key={item.key} onClick={onClick} data-menu-key={item.key} sx={{ py: 1.25 }}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {item.label}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
