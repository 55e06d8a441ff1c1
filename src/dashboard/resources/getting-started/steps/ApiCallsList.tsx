import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Category } from '../../../../shared/categories.ts';
import { errorMessage, unwrap } from '../../../providers/index.ts';
import { monoFontFamily } from '../../../theme/theme.ts';
import { useGettingStartedDeps } from '../gettingStartedDeps.ts';

const METHOD_COLORS = { GET: 'success', POST: 'primary', PUT: 'warning', PATCH: 'warning', DELETE: 'error' } as const;

type Group = { value: string; label: string; calls: { type: string; name: string; url: string; docLink: string }[] };

/** One subcategory's calls, expandable (a disclosure button, not MUI's accordion, which the shell would share). */
function CallGroup({ group, first }: { group: Group; first: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = `api-calls-${group.value}`;
  return (
    <Box sx={{ borderTop: first ? 0 : 1, borderColor: 'divider' }}>
      <ButtonBase
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={panelId}
        focusRipple
        sx={{ width: '100%', display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, textAlign: 'left', '&:hover': { bgcolor: 'action.hover' } }}
      >
        <Typography component="span" sx={{ fontWeight: 600, flex: 1 }}>
          {group.label}
        </Typography>
        <Typography variant="caption" component="span">
          {group.calls.length === 1 ? '1 call' : `${group.calls.length} calls`}
        </Typography>
        <ExpandMoreRounded sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none', color: 'text.secondary' }} />
      </ButtonBase>
      {open && (
        <Box id={panelId} role="region" aria-label={`${group.label} calls`} sx={{ px: 2, pb: 1 }}>
          {group.calls.map((call) => (
            <Box key={`${call.type} ${call.url}`} sx={{ display: 'grid', gridTemplateColumns: { xs: 'auto 1fr auto', sm: '72px 200px minmax(0, 1fr) auto' }, gap: 1, alignItems: 'center', py: 0.75, borderTop: 1, borderColor: 'divider' }}>
              <Chip size="small" variant="outlined" color={METHOD_COLORS[call.type as keyof typeof METHOD_COLORS] ?? 'default'} label={call.type} sx={{ fontFamily: monoFontFamily, justifySelf: 'start' }} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {call.name}
              </Typography>
              <Typography variant="body2" sx={{ fontFamily: monoFontFamily, fontSize: '0.8125rem', color: 'text.secondary', wordBreak: 'break-all', gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
                {call.url}
              </Typography>
              <Tooltip title="Documentation">
                <IconButton size="small" href={call.docLink} target="_blank" rel="noopener" aria-label={`${call.name} documentation`}>
                  <OpenInNewRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The expandable list of the category's unified API calls: type, name, URL and documentation link. */
export function ApiCallsList({ category, categoryLabel }: { category: Category; categoryLabel: string }) {
  const { clients } = useGettingStartedDeps();
  const query = useQuery({
    queryKey: ['appApiCallsDataForCategory', category],
    queryFn: ({ signal }) => unwrap(clients.engine.GET('/app.apiCallsDataForCategory', { params: { query: { category } }, signal })).then((body) => Object.values(body.msg.apiCalls)),
    retry: false,
  });
  return (
    <Box component="section" aria-labelledby="api-calls-title">
      <Typography variant="h6" component="h3" id="api-calls-title" sx={{ mb: 0.5 }}>
        API calls
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {`Read and write your customers’ ${categoryLabel} data with these unified calls, authenticated with your API key.`}
      </Typography>
      {query.isPending && <Skeleton variant="rounded" height={120} aria-label="Loading API calls" />}
      {query.isError && (
        <Alert severity="error" variant="outlined" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>Retry</Button>}>
          {errorMessage(query.error)}
        </Alert>
      )}
      {query.data?.length === 0 && <Typography variant="body2">This category has no unified API calls yet.</Typography>}
      {query.data && query.data.length > 0 && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
          {query.data.map((group, i) => (
            <CallGroup key={group.value} group={group} first={i === 0} />
          ))}
        </Box>
      )}
    </Box>
  );
}
