import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { FeatureFlags, Role } from '../app/navigation.ts';
import { preloadable } from '../app/preloadable.tsx';
import { usePopupLoader } from './usePopupLoader.ts';

const ResourcesMenuPopup = preloadable(() => import('./ResourcesMenuPopup.tsx').then((module) => module.ResourcesMenuPopup));

/** Header menu of resources (part 1 §2): the documentation (external) and the field capability matrix. */
export function ResourcesMenu({ role, flags, compact }: { role: Role; flags: FeatureFlags; compact: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popup = usePopupLoader(ResourcesMenuPopup);
  const close = () => setAnchor(null);
  const open = (event: React.MouseEvent<HTMLElement>) => {
    const button = event.currentTarget;
    popup.openWhenLoaded(() => setAnchor(button));
  };
  const preload = { onPointerEnter: popup.preload, onFocus: popup.preload };
  return (
    <>
      {compact ? (
        <IconButton onClick={open} {...preload} aria-label="Resources" aria-haspopup="menu">
          <HelpOutlineOutlined />
        </IconButton>
      ) : (
        <Button onClick={open} {...preload} color="inherit" startIcon={<HelpOutlineOutlined />} aria-haspopup="menu" sx={{ color: 'text.secondary' }}>
          Resources
        </Button>
      )}
      {popup.mounted && <ResourcesMenuPopup anchor={anchor} onClose={close} role={role} flags={flags} />}
    </>
  );
}
