import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import type { FeatureFlags, Role } from '../app/navigation.ts';
import { LogoMark } from '../components/Logo.tsx';
import { HEADER_HEIGHT } from '../theme/theme.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ResourcesMenu } from './ResourcesMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

interface HeaderProps {
  mobile: boolean;
  onToggleSidebar: () => void;
  /** undefined while the user's permissions and details load. */
  user: { role: Role; flags: FeatureFlags; name: string; email: string } | undefined;
}

/** The top bar: (mobile) the logo that opens the sidebar, breadcrumbs, resources and user menus. */
export function Header({ mobile, onToggleSidebar, user }: HeaderProps) {
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        height: HEADER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 2, md: 4 },
        bgcolor: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {mobile && (
        <ButtonBase onClick={onToggleSidebar} aria-label="Open sidebar" sx={{ borderRadius: 2 }}>
          <LogoMark size={30} />
        </ButtonBase>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Breadcrumbs />
      </Box>
      {user ? (
        <>
          <ResourcesMenu role={user.role} flags={user.flags} compact={mobile} />
          <UserMenu role={user.role} flags={user.flags} name={user.name} email={user.email} />
        </>
      ) : (
        <Skeleton variant="circular" width={34} height={34} />
      )}
    </Box>
  );
}
