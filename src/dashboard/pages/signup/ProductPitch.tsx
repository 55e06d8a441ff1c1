import AppsOutlined from '@mui/icons-material/AppsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../../components/Logo.tsx';
import { categoryLabels } from '../../../generated/labels.ts';
import { CATEGORIES, type Category } from '../../../shared/categories.ts';

const features = [
  { icon: AppsOutlined, title: `One API, ${CATEGORIES.length} categories`, text: 'HRIS, ATS, CRM, accounting, ticketing and more through one set of normalised data models.' },
  { icon: SyncAltOutlined, title: 'Syncs and webhooks', text: 'Scheduled syncs deliver every change to your webhook, with retries and audit trails.' },
  { icon: WidgetsOutlined, title: 'Embeddable auth', text: 'Drop the knit-auth component into your product and your customers connect in a few clicks.' },
  { icon: InsightsOutlined, title: 'Full visibility', text: 'API and webhook logs down to each native call, and issues for every integrated account.' },
];

/** The categories the pitch names, as the contract labels them. */
const PITCHED: readonly Category[] = ['HRIS', 'ATS', 'CRM', 'ACCOUNTING', 'TICKETING', 'CALENDAR', 'E_SIGN', 'STORAGE', 'EXPENSES', 'EMAIL'];
const categories = PITCHED.map((category) => categoryLabels[category]);

/** The left half of the sign-up screen at desktop widths: what the product does, briefly. */
export function ProductPitch() {
  return (
    <Box
      sx={{
        height: '100%',
        color: '#E2E8F0',
        background: 'radial-gradient(120% 80% at 0% 0%, #312E81 0%, #1E1B4B 38%, #0F172A 100%)',
        px: { md: 6, lg: 9 },
        py: 6,
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
        <LogoMark size={34} />
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', color: '#FFFFFF' }}>Knit</Typography>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', maxWidth: 520, py: 6 }}>
        <Typography variant="overline" sx={{ color: '#A5B4FC' }}>
          Unified API for native integrations
        </Typography>
        <Typography variant="h1" sx={{ color: '#FFFFFF', mt: 1.5, fontSize: { md: '2.25rem', lg: '2.625rem' } }}>
          Ship the integrations your customers ask for, without building each one.
        </Typography>
        <Box sx={{ mt: 5, display: 'flex', flexDirection: 'column', gap: 3 }}>
          {features.map(({ icon: Icon, title, text }) => (
            <Box key={title} sx={{ display: 'flex', gap: 2 }}>
              <Box
                sx={{
                  width: 40,
                  height: 40,
                  flexShrink: 0,
                  borderRadius: 2.5,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgba(165, 180, 252, 0.12)',
                  border: '1px solid rgba(165, 180, 252, 0.25)',
                }}
              >
                <Icon sx={{ color: '#C7D2FE', fontSize: 22 }} />
              </Box>
              <Box>
                <Typography sx={{ fontWeight: 600, color: '#FFFFFF' }}>{title}</Typography>
                <Typography variant="body2" sx={{ color: '#94A3B8', mt: 0.25 }}>
                  {text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {categories.map((category) => (
          <Box
            key={category}
            component="span"
            sx={{ fontSize: '0.75rem', px: 1.25, py: 0.5, borderRadius: 10, color: '#CBD5E1', border: '1px solid rgba(148, 163, 184, 0.3)' }}
          >
            {category}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
