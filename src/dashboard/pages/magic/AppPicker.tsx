import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SchemaConnectApp, SchemaConnectCategory } from '../../../generated/api/engine.ts';
import { matchesSearch } from './connectForm.ts';
import { useConnectTexts } from './connectTexts.ts';

interface AppPickerProps {
  categories: SchemaConnectCategory[];
  category: string;
  onCategory: (category: string) => void;
  onPick: (app: SchemaConnectApp) => void;
}

/** The app's logo, or its initials on a neutral tile when the catalog has none. */
export function AppLogo({ app, size = 44 }: { app: Pick<SchemaConnectApp, 'label' | 'logo'>; size?: number }) {
  if (app.logo) return <Box component="img" src={app.logo} alt="" sx={{ width: size, height: size, borderRadius: 2, flexShrink: 0 }} />;
  return (
    <Box aria-hidden sx={{ width: size, height: size, borderRadius: 2, bgcolor: 'grey.200', display: 'grid', placeItems: 'center', fontWeight: 700, flexShrink: 0 }}>
      {app.label.slice(0, 2).toUpperCase()}
    </Box>
  );
}

/** Category tabs and a searchable grid of the category's apps; every tile is a button (Tab, Enter, Space). */
export function AppPicker({ categories, category, onCategory, onPick }: AppPickerProps) {
  const t = useConnectTexts();
  const [search, setSearch] = useState('');
  const current = categories.find((c) => c.category === category) ?? categories[0];
  const apps = current.apps.filter((a) => matchesSearch(a, search));
  return (
    <Box>
      {categories.length > 1 && (
        <Tabs value={current.category} onChange={(_, next: string) => { setSearch(''); onCategory(next); }} variant="scrollable" aria-label={t.appCategories} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          {categories.map((c) => <Tab key={c.category} value={c.category} label={c.label} />)}
        </Tabs>
      )}
      <TextField
        fullWidth
        size="small"
        placeholder={t.searchCategoryApps(current.label)}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': t.searchApps },
          input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> },
        }}
        sx={{ mb: 2 }}
      />
      {apps.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{t.noAppMatches(current.label, search.trim())}</Typography>
      ) : (
        <Box component="ul" aria-label={t.categoryApps(current.label)} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
          {apps.map((app) => (
            <li key={app.id}>
              <ButtonBase
                onClick={() => onPick(app)}
                aria-label={`${app.label}${app.connectable ? '' : t.signInUnavailableLabel}`}
                data-testid={`connect-app-${app.id}`}
                sx={{
                  width: '100%', justifyContent: 'flex-start', gap: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', textAlign: 'left',
                  bgcolor: 'background.paper', transition: 'border-color 120ms, box-shadow 120ms',
                  '&:hover': { borderColor: 'primary.main' },
                  '&.Mui-focusVisible': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}33` },
                }}
              >
                <AppLogo app={app} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{app.label}</Typography>
                  <Box sx={{ display: 'flex', gap: 0.5, mt: 0.25, flexWrap: 'wrap' }}>
                    {app.sandbox && <Chip size="small" label={t.sandbox} />}
                    {!app.connectable && <Typography variant="caption" sx={{ color: 'text.secondary' }}>{t.signInUnavailableShort}</Typography>}
                  </Box>
                </Box>
              </ButtonBase>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
