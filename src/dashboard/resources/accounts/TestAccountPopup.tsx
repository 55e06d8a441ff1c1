import { useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { preloadable, useLoaded } from '../../app/preloadable.tsx';
import { apiClients, type DashboardIdentity } from '../../providers/index.ts';
import { saveTestAccountPopup } from './accountCalls.ts';
import { popupStateOf, rememberPopupState, shouldShowTestAccountPopup } from './testAccountPopup.ts';
import type { TestAccountPopupDialogProps } from './TestAccountPopupDialog.tsx';

const nowSeconds = () => Math.floor(Date.now() / 1000);

// The dialog is fetched only when the popup is due (at most every 3 hours), so the accounts page
// does not download it on every visit.
const TestAccountPopupDialog = preloadable<TestAccountPopupDialogProps>(() =>
  import('./TestAccountPopupDialog.tsx').then((module) => module.TestAccountPopupDialog),
);

/**
 * The test-account default popup of the accounts screen: which type new integrated accounts get
 * by default and what a test account means. Closing it saves lastTestAccPopupAt (and, when ticked,
 * hideTestAccPopup) through user.userDetails.update.
 */
export function TestAccountPopup() {
  const { identity } = useGetIdentity();
  const user = (identity as DashboardIdentity | undefined)?.user;
  const [open, setOpen] = useState(false);
  const loaded = useLoaded(TestAccountPopupDialog, open);

  useEffect(() => {
    if (!user) return;
    const state = popupStateOf({ hideTestAccPopup: user.hideTestAccPopup, lastTestAccPopupAt: user.lastTestAccPopupAt });
    if (shouldShowTestAccountPopup(state, nowSeconds())) setOpen(true);
  }, [user]);

  const close = (hide: boolean) => {
    const shownAt = nowSeconds();
    setOpen(false);
    rememberPopupState({ hideTestAccPopup: hide || (user?.hideTestAccPopup ?? false), lastTestAccPopupAt: shownAt });
    // Saving is best effort: a failure only means the popup may show again next session.
    saveTestAccountPopup(apiClients, shownAt, hide).catch((error: unknown) => console.error('user.userDetails.update failed', error));
  };

  if (!user || !loaded) return null;
  return <TestAccountPopupDialog open={open} testByDefault={user.defaultIntegrationType === 'test'} onClose={close} />;
}
