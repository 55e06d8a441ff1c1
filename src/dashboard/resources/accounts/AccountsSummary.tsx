import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';
import { CategoryPieChart } from '../../components/charts/index.ts';

interface AccountsMeta {
  response?: { msg?: { categoryDetails?: Record<string, number>; categoryList?: { value: string; label: string }[] } };
}

/**
 * Above the accounts table: the category pie chart of the accounts matching the filters (the
 * category filter aside, so every slice stays while one is chosen). A slice or legend entry
 * filters the table by its category; choosing it again clears the filter.
 */
export function AccountsSummary() {
  const context = useListContext();
  const { isPending, error, filterValues, setFilters } = context;
  const meta = (context as unknown as { meta?: AccountsMeta }).meta;
  if (error) return null;
  const msg = meta?.response?.msg;
  const labels = Object.fromEntries((msg?.categoryList ?? []).map((category) => [category.value, category.label]));
  const selected = typeof filterValues.category === 'string' ? filterValues.category : undefined;
  const counts = msg?.categoryDetails;
  const empty = !isPending && Object.values(counts ?? {}).every((count) => !count);
  return (
    <Box sx={{ px: 2.5, py: 2, borderBottom: 1, borderColor: 'divider' }} data-testid="accounts-summary">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        Accounts by category
      </Typography>
      {isPending ? (
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'center' }}>
          <Skeleton variant="circular" width={150} height={150} />
          <Box sx={{ flex: 1 }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="text" width={`${60 - i * 8}%`} />
            ))}
          </Box>
        </Box>
      ) : empty ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No accounts match these filters.
        </Typography>
      ) : (
        <CategoryPieChart
          counts={counts}
          labels={labels}
          size={150}
          label="Integrated accounts"
          selected={selected}
          onSelect={(category) => setFilters({ ...filterValues, category: selected === category ? undefined : category, appId: undefined })}
        />
      )}
    </Box>
  );
}
