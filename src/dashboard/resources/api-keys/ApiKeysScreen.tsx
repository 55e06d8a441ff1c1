import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { ScreenProps } from '../../app/screens.ts';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { preloadDialogs } from './lazyDialogs.ts';
import { SigningSecretCard } from './SigningSecretCard.tsx';
import { WebhooksCard } from './WebhooksCard.tsx';

/**
 * /dashboard/api-keys (spec part 1 §2): the production and sandbox API keys, the webhook signing
 * secret, and the webhook of each enabled category with its test modal.
 */
export function ApiKeysScreen({ title, role }: ScreenProps) {
  useEffect(preloadDialogs, []);
  return (
    <Box sx={{ maxWidth: 1080 }}>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h3" component="h1">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Credentials for your backend, and where your webhooks go.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <ApiKeysCard />
        <SigningSecretCard canRotate={role === 'admin'} />
        <WebhooksCard />
      </Box>
    </Box>
  );
}
