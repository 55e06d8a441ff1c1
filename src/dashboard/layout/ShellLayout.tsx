import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useStore } from 'react-admin';
import { useLocation } from 'react-router';
import { menuFor } from '../app/navigation.ts';
import { SIDEBAR_OPEN_STORE_KEY } from '../app/storageKeys.ts';
import { useShellUser } from '../app/useShellUser.ts';
import { ListScreenSkeleton } from '../components/TableSkeleton.tsx';
import { Header } from './Header.tsx';
import { ShellErrorBoundary } from './ShellErrorBoundary.tsx';
import { Sidebar, SidebarDrawer } from './Sidebar.tsx';
import { UsageMeterSlot } from './UsageMeterSlot.tsx';
import { QuietBoundary } from './QuietBoundary.tsx';
import { useVersionWatchStarted } from './versionWatch.ts';

// Loaded on its own, once the tab is in use again (versionWatch.ts), so a failure in the version
// check (or its machine) cannot break the shell and its code is not part of a first visit.
const VersionNotice = lazy(() => import('./VersionNotice.tsx').then((m) => ({ default: m.VersionNotice })));

/**
 * The /dashboard/* shell (part 1 §2): collapsible sidebar (a drawer, closed, below md; a rail that
 * remembers its state at md and up), header with breadcrumbs and menus, the content area inside
 * an error boundary, and the version check once the tab is in use again.
 */
export function ShellLayout({ children }: { children?: ReactNode }) {
  const mobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useStore(SIDEBAR_OPEN_STORE_KEY, true);
  // The mobile drawer starts closed on every visit: it covers the page.
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  const user = useShellUser();
  const versionWatch = useVersionWatchStarted(pathname);

  const open = mobile ? mobileOpen : desktopOpen;
  // The mobile drawer opens once its chunk is in (it never waits behind a loading fallback).
  const toggle = () => (mobile ? void SidebarDrawer.preload().then(() => setMobileOpen((isOpen) => !isOpen)) : setDesktopOpen(!desktopOpen));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Sidebar
        items={user ? menuFor(user.role, user.flags) : undefined}
        mobile={mobile}
        open={open}
        onToggle={toggle}
        footer={(collapsed) => <UsageMeterSlot orgMetaData={user?.orgMetaData} collapsed={collapsed} />}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Header mobile={mobile} onToggleSidebar={toggle} user={user} />
        <Box component="main" id="main-content" sx={{ flex: 1, px: { xs: 2, md: 4 }, py: { xs: 2.5, md: 4 }, maxWidth: 1440, width: '100%', mx: 'auto' }}>
          <ShellErrorBoundary resetKey={pathname}>
            <Suspense fallback={<ListScreenSkeleton />}>{children}</Suspense>
          </ShellErrorBoundary>
        </Box>
      </Box>
      {versionWatch && (
        <QuietBoundary name="Version check">
          <Suspense fallback={null}>
            <VersionNotice />
          </Suspense>
        </QuietBoundary>
      )}
    </Box>
  );
}
