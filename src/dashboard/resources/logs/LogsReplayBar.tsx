import Box from '@mui/material/Box';
import { useListContext } from 'react-admin';
import { categoryLabels } from '../../../generated/labels.ts';
import type { Role } from '../../../generated/engine/types.ts';
import { REPLAY_RANGE_MS } from '../../../shared/webhookReplay.ts';
import { DEFAULT_LOG_PERIOD, logViewOf } from './logViews.ts';
import type { ReplayTarget } from './replayCalls.ts';
import { ReplayAction } from './ReplayAction.tsx';

type Category = keyof typeof categoryLabels;
const isCategory = (value: unknown): value is Category => typeof value === 'string' && value in categoryLabels;

/**
 * The logs' Webhooks view: 'Replay failed deliveries…' over a time range that opens on the view's
 * period (at most its last 30 days) and keeps its category and organization filters.
 */
export function LogsReplayBar({ role }: { role: Role | undefined }) {
  const { filterValues } = useListContext();
  const values = (filterValues ?? {}) as Record<string, unknown>;
  if (logViewOf(values) !== 'webhook') return null;
  const period = typeof values.timestamp === 'number' ? values.timestamp : DEFAULT_LOG_PERIOD;
  const category = isCategory(values.category) ? values.category : undefined;
  const originOrgId = typeof values.originOrgId === 'string' && values.originOrgId ? values.originOrgId : undefined;
  const target = (): ReplayTarget => {
    const now = Date.now();
    return { kind: 'range', start: now - Math.min(period, REPLAY_RANGE_MS), end: now, ...(category ? { category } : {}), ...(originOrgId ? { originOrgId } : {}) };
  };
  const kept = [category ? `category ${categoryLabels[category]}` : '', originOrgId ? `organization ${originOrgId}` : ''].filter(Boolean);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 2 }}>
      <ReplayAction
        label="Replay failed deliveries…"
        title="Replay failed deliveries"
        target={target}
        role={role}
        scopeText={`Failed and not dispatched deliveries of ${kept.length ? `the logs' ${kept.join(' and ')}` : 'every category and organization'} written in this range.`}
      />
    </Box>
  );
}
