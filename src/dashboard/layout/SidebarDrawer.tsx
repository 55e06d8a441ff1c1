import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';
import { SIDEBAR_WIDTH } from '../theme/theme.ts';

/** The sidebar below md: a drawer over the page, closed by a click outside or Escape. */
export function SidebarDrawer({ open, onToggle, children }: { open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onToggle} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, borderRight: 0 } } }}>
      {children}
    </Drawer>
  );
}
