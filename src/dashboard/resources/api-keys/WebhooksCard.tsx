import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import WebhookRounded from '@mui/icons-material/WebhookRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../providers/index.ts';
import { monoFontFamily } from '../../theme/theme.ts';
import { fetchWebhooks, queryKeys, type CategoryWebhook } from './apiKeysCalls.ts';
import { SectionCard } from './SectionCard.tsx';
import { WebhookDialog } from './lazyDialogs.ts';

const ROW_GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '180px minmax(0, 1fr) auto' }, columnGap: 2, rowGap: 0.5, alignItems: 'center', py: 1.5 } as const;

function WebhookRow({ row, onEdit }: { row: CategoryWebhook; onEdit: () => void }) {
  return (
    <Box component="li" sx={{ ...ROW_GRID, borderTop: 1, borderColor: 'divider' }} data-testid={`webhook-row-${row.category}`}>
      <Typography variant="body2" sx={{ fontWeight: 600, gridRow: 1, gridColumn: 1 }}>
        {row.label}
      </Typography>
      <Typography
        variant="body2"
        title={row.url ?? undefined}
        sx={{ gridRow: { xs: 2, sm: 1 }, gridColumn: { xs: '1 / -1', sm: 2 }, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', ...(row.url ? { fontFamily: monoFontFamily, fontSize: '0.8125rem' } : { color: 'text.secondary' }) }}
      >
        {row.url ?? 'No webhook registered'}
      </Typography>
      <Button size="small" variant={row.url ? 'text' : 'outlined'} startIcon={row.url ? <EditOutlined /> : <AddRounded />} onClick={onEdit} aria-label={`${row.url ? 'Edit' : 'Add'} ${row.label} webhook`} sx={{ gridRow: 1, gridColumn: { xs: 2, sm: 3 }, justifySelf: 'end' }}>
        {row.url ? 'Edit' : 'Add webhook'}
      </Button>
    </Box>
  );
}

function RowsSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading webhooks">
      {Array.from({ length: 3 }, (_, i) => (
        <Box key={i} sx={{ ...ROW_GRID, borderTop: 1, borderColor: 'divider' }}>
          <Skeleton variant="text" width={90} />
          <Skeleton variant="text" width={`${70 - i * 12}%`} sx={{ display: { xs: 'none', sm: 'block' } }} />
          <Skeleton variant="rounded" width={64} height={30} />
        </Box>
      ))}
    </Box>
  );
}

/** The webhook of each enabled category, each with its edit modal (the webhook-test machine). */
export function WebhooksCard() {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CategoryWebhook | null>(null);
  const webhooks = useQuery({ queryKey: queryKeys.webhookUrls, queryFn: ({ signal }) => fetchWebhooks(signal), retry: false });

  const saved = (url: string) => {
    const category = editing?.category;
    queryClient.setQueryData<CategoryWebhook[]>(queryKeys.webhookUrls, (rows) => rows?.map((row) => (row.category === category ? { ...row, url } : row)));
    setEditing(null);
  };

  const description = 'Where the engine sends each category’s events. A webhook URL must accept POST and answer 200; tunnel services are not supported.';
  let body;
  if (webhooks.isPending) body = <RowsSkeleton />;
  else if (webhooks.isError)
    body = (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={() => void webhooks.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(webhooks.error)}
      </Alert>
    );
  else if (webhooks.data.length === 0)
    body = (
      <Box sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, p: 3, textAlign: 'center' }}>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          No category is enabled yet. Enable a category in Getting Started to register its webhook here.
        </Typography>
        <Button variant="outlined" size="small" component={RouterLink} to="/dashboard/getting-started">
          Go to Getting Started
        </Button>
      </Box>
    );
  else
    body = (
      <Box component="ul" aria-label="Webhooks per category" sx={{ listStyle: 'none', m: 0, p: 0, borderBottom: 1, borderColor: 'divider' }}>
        {webhooks.data.map((row) => (
          <WebhookRow key={row.category} row={row} onEdit={() => setEditing(row)} />
        ))}
      </Box>
    );

  return (
    <SectionCard title="Webhooks" icon={<WebhookRounded fontSize="small" />} description={description}>
      {body}
      {editing && (
        <WebhookDialog open category={{ value: editing.category, label: editing.label }} initialUrl={editing.url ?? undefined} onClose={() => setEditing(null)} onSaved={saved} />
      )}
    </SectionCard>
  );
}
