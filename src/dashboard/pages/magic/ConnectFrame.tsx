import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LogoMark } from '../../components/Logo.tsx';
import { useConnectTexts } from './connectTexts.ts';

/**
 * The connect pages' frame: the end customer sees the company that sent the link, with our mark
 * as the service that carries the connection, not the dashboard's header.
 */
export function ConnectFrame({ companyName, children }: { companyName?: string; children: ReactNode }) {
  const t = useConnectTexts();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: { xs: 2.5, md: 4 }, py: 2, display: 'flex', alignItems: 'center', gap: 1.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <LogoMark size={26} />
        <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{companyName || t.defaultCompany}</Typography>
        <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', flexShrink: 0 }}>
          <LockOutlined sx={{ fontSize: 16 }} />
          <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>{t.secureConnection}</Typography>
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, px: { xs: 2, md: 4 } }}>
        {children}
      </Box>
    </Box>
  );
}
