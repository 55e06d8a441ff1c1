import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import type { FeatureFlags, Role } from '../app/navigation.ts';
import { preloadable } from '../app/preloadable.tsx';
import { usePopupLoader } from './usePopupLoader.ts';

const UserMenuPopup = preloadable(() => import('./UserMenuPopup.tsx').then((module) => module.UserMenuPopup));

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

interface UserMenuProps {
  role: Role;
  flags: FeatureFlags;
  name: string;
  email: string;
}

/** Avatar menu: Profile, Settings, Logout for admin and member; Logout only for a billing contact. */
export function UserMenu({ role, flags, name, email }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popup = usePopupLoader(UserMenuPopup);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        onPointerEnter={popup.preload}
        onFocus={popup.preload}
        onClick={(event) => {
          const button = event.currentTarget;
          popup.openWhenLoaded(() => setAnchor(button));
        }}
        aria-label="User menu"
        aria-haspopup="menu"
        size="small"
      >
        <Avatar sx={{ width: 34, height: 34, fontSize: '0.8125rem', fontWeight: 700, bgcolor: 'secondary.main' }}>{initialsOf(name)}</Avatar>
      </IconButton>
      {popup.mounted && <UserMenuPopup anchor={anchor} onClose={close} role={role} flags={flags} name={name} email={email} />}
    </>
  );
}
