import AddLinkRounded from '@mui/icons-material/AddLinkRounded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { accountsResource, type AccountsRow } from '../../../generated/resources/accounts.ts';
import { MagicLinkDialog, type ScreenProps } from '../../app/screens.ts';
import { useShellUser } from '../../app/useShellUser.ts';
import type { Row } from '../../components/columns/ColumnCell.tsx';
import { dataProvider } from '../../providers/index.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { AccountActionsMenu } from './AccountActionsMenu.tsx';
import { TestAccountCell } from './AccountCells.tsx';
import { AccountsSummary } from './AccountsSummary.tsx';
import type { MagicLinkResult } from './accountCalls.ts';
import { TestAccountPopup } from './TestAccountPopup.tsx';
import { useAccountDialogs } from './useAccountDialogs.ts';


const testAccountColumn = accountsResource.columns.find((column) => column.source === 'testAccount');

/**
 * /dashboard/accounts: the generated accounts list extended with the category pie chart, the
 * filter bar fed by app.filtersMetadata, the test-account expiry icon, the actions menu of each
 * row, the Create Magic Link dialog and the test-account popup.
 */
export function AccountList({ title }: ScreenProps) {
  const user = useShellUser();
  const [creating, setCreating] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const [created, setCreated] = useState<MagicLinkResult | undefined>();
  const refresh = useRefresh();
  const { dialogs, withDialogs } = useAccountDialogs();
  const features = user?.orgMetaData?.featureList ?? {};
  const options = { canEditMapping: user?.role === 'admin' };
  const reintegrator = { name: user?.name ?? '', email: user?.email ?? '' };

  const cells = {
    ...(testAccountColumn ? { testAccount: (record: Row) => <TestAccountCell column={testAccountColumn} record={record} /> } : {}),
    actions: (record: Row) => <AccountActionsMenu row={record as unknown as AccountsRow} features={features} options={options} user={reintegrator} />,
  };

  return (
    <>
      <GeneratedList
        definition={accountsResource}
        title={title}
        cells={cells}
        header={<AccountsSummary />}
        emptyText="No integrated accounts match these filters."
        totalLabel="Total Integrated Accounts"
        noWrap
        titleActions={
          // The form brings rjsf: fetched when the button is pointed at or focused, opened once in.
          <Button
            variant="contained"
            startIcon={<AddLinkRounded />}
            onPointerEnter={() => void MagicLinkDialog.preload().catch(() => undefined)}
            onFocus={() => void MagicLinkDialog.preload().catch(() => undefined)}
            onClick={() =>
              void MagicLinkDialog.preload().then(() => {
                setDialogLoaded(true);
                setCreating(true);
              })
            }
          >
            Create Magic Link
          </Button>
        }
      />
      {dialogLoaded && (
        <MagicLinkDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            void withDialogs(() => setCreated(result)).catch(() => undefined);
            dataProvider.resetCursors('accounts');
            refresh();
          }}
        />
      )}
      {dialogs && <dialogs.MagicLinkResultDialog result={created} onClose={() => setCreated(undefined)} />}
      <TestAccountPopup />
    </>
  );
}
