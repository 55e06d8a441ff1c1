import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { appReplayWebhookDeliveriesRoles, appReplayWebhookRecordRoles, appReplayWebhookRunRoles } from '../../../generated/engine/sessionOperationRoles.ts';
import type { Role } from '../../../generated/engine/types.ts';
import { ReplayDialog } from '../../app/screens.ts';
import { useToast } from '../../providers/index.ts';
import type { ReplayTarget } from './replayCalls.ts';

/** Who may call each replay operation (its x-roles). */
const ROLES: Readonly<Record<ReplayTarget['kind'], readonly Role[]>> = {
  record: appReplayWebhookRecordRoles,
  run: appReplayWebhookRunRoles,
  range: appReplayWebhookDeliveriesRoles,
};

interface ReplayActionProps {
  /** The button's text ('Replay', 'Replay failed deliveries', ...). */
  label: string;
  /** The dialog's title. */
  title: string;
  /** What to replay, read when the button is pressed (a range from the list's current filters). */
  target: () => ReplayTarget;
  scopeText?: string;
  role: Role | undefined;
}

/**
 * A replay action of the webhook log screens: shown only to the roles the contract lets call its
 * operation (not billing contacts); the confirmation is a chunk of its own, fetched when the
 * button is pointed at or focused and opened once in; a replay reads the screen's lists again.
 */
export function ReplayAction({ label, title, target, scopeText, role }: ReplayActionProps) {
  const refresh = useRefresh();
  const toast = useToast();
  const [opened, setOpened] = useState<ReplayTarget | undefined>();
  const initial = target();
  if (!role || !ROLES[initial.kind].includes(role)) return null;
  const preload = () => void ReplayDialog.preload().catch(() => undefined);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<ReplayRounded />}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          const chosen = target();
          // A confirmation that cannot be fetched (offline) says so instead of doing nothing.
          ReplayDialog.preload().then(() => setOpened(chosen), (error: unknown) => toast.error(error));
        }}
      >
        {label}
      </Button>
      {opened && (
        <ReplayDialog open title={title} target={opened} scopeText={scopeText} onClose={() => setOpened(undefined)} onReplayed={() => refresh()} />
      )}
    </>
  );
}
