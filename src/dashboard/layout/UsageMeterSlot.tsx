import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { groupedNumber } from '../numbers.ts';
import type { UserDetails } from '../providers/index.ts';

type OrgMetaData = UserDetails['orgMetaData'];

interface UsageSummary {
  used: number;
  allowed: number;
  percent: number;
  /** Part 1 §9: orange by default, yellow at 75% or more, red at 100% or more. */
  colour: string;
}

export const USAGE_COLOURS = { normal: '#F97316', warning: '#EAB308', limit: '#DC2626' } as const;

/**
 * The single 'Sync Credits' figure of part 1 §9: used / allowed credits, allowed being the trial
 * credits on a trial and the current allowance when paid; null with no plan (the meter is hidden).
 * The per-parameter bars, banners and Upgrade button belong to the full meter (later work).
 */
export function usageSummary(meta: OrgMetaData | undefined): UsageSummary | null {
  if (!meta || (!meta.isTrial && !meta.isPaid)) return null;
  const allowed = meta.isTrial ? meta.defaultTrialCredits : meta.currentAllowedCredits;
  const percent = allowed > 0 ? (meta.usage / allowed) * 100 : 100;
  const colour = percent >= 100 ? USAGE_COLOURS.limit : percent >= 75 ? USAGE_COLOURS.warning : USAGE_COLOURS.normal;
  return { used: meta.usage, allowed, percent, colour };
}

interface UsageMeterSlotProps {
  /** undefined while the user's details load; the slot then shows a placeholder. */
  orgMetaData: OrgMetaData | undefined;
  collapsed: boolean;
}

/** The slot below the menu (part 1 §2) where the usage meter lives. */
export function UsageMeterSlot({ orgMetaData, collapsed }: UsageMeterSlotProps) {
  if (collapsed) return null;
  if (orgMetaData === undefined) {
    return (
      <Box sx={{ mx: 2, p: 1.5 }} data-testid="usage-meter-placeholder" aria-label="Usage loading">
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="rounded" height={6} />
      </Box>
    );
  }
  const summary = usageSummary(orgMetaData);
  if (!summary) return null;
  return (
    <Box sx={{ mx: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.default' }} data-testid="usage-meter">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.primary' }}>
          Sync Credits
        </Typography>
        <Typography variant="caption">{orgMetaData.isTrial ? 'Trial' : orgMetaData.planDetails?.planName ?? 'Plan'}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, summary.percent)}
        sx={{ height: 6, borderRadius: 3, bgcolor: 'divider', '& .MuiLinearProgress-bar': { bgcolor: summary.colour } }}
        aria-label="Sync credits used"
      />
      <Typography variant="caption" component="p" sx={{ mt: 0.75 }}>
        {groupedNumber(summary.used)} of {groupedNumber(summary.allowed)} used
      </Typography>
    </Box>
  );
}
