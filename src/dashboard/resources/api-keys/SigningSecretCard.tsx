import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../components/columns/format.ts';
import { useCopy } from '../../components/useCopy.ts';
import { errorMessage, useToast } from '../../providers/index.ts';
import { fetchSigningSecret, queryKeys, rotateSigningSecret, type SigningSecret } from './apiKeysCalls.ts';
import { ConfirmDialog } from './lazyDialogs.ts';
import { SecretField } from './SecretField.tsx';
import { SectionCard } from './SectionCard.tsx';

const LABEL = 'Webhook signing secret';

function Description() {
  return (
    <>
      Every webhook is signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>) with this secret. Verify
      each delivery with the <code>standardwebhooks</code> package: <code>new Webhook(secret).verify(rawBody, headers)</code>.
    </>
  );
}

/**
 * The organisation's webhook signing secret: masked, and in full once after an admin rotates it
 * (the only answer that carries it), with copy.
 */
export function SigningSecretCard({ canRotate }: { canRotate: boolean }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { copied, copy } = useCopy();
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [fresh, setFresh] = useState<string | null>(null);
  const secret = useQuery({ queryKey: queryKeys.signingSecret, queryFn: ({ signal }) => fetchSigningSecret(signal), refetchOnWindowFocus: false, retry: false });

  const rotate = async () => {
    setRotating(true);
    try {
      const rotated = await rotateSigningSecret();
      queryClient.setQueryData<SigningSecret>(queryKeys.signingSecret, { maskedSecret: rotated.maskedSecret, createdAt: rotated.createdAt });
      setFresh(rotated.secret);
      setConfirming(false);
    } catch (error) {
      toast.error(error);
    } finally {
      setRotating(false);
    }
  };

  const created = secret.data ? `Created ${formatDate(secret.data.createdAt, 'ms')}. ` : '';
  const hint = fresh
    ? 'New secret: copy it into your receivers now. It is shown in full only once.'
    : `${created}Only this prefix is shown. ${canRotate ? 'Rotate to get a new secret you can copy.' : 'An admin can rotate it to get a new secret to copy.'}`;

  return (
    <SectionCard title={LABEL} icon={<VerifiedUserOutlined fontSize="small" />} description={<Description />}>
      {secret.isError ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void secret.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(secret.error)}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <SecretField
            label={LABEL}
            value={fresh ?? secret.data?.maskedSecret}
            full={fresh !== null}
            copied={copied === 'secret'}
            onCopy={() => void copy('secret', fresh ?? '')}
            hint={hint}
            hintTone={fresh ? 'success' : 'secondary'}
            action={
              <Button variant="outlined" startIcon={<AutorenewRounded />} onClick={() => setConfirming(true)} disabled={!canRotate || secret.isPending}>
                Rotate secret
              </Button>
            }
          />
          {fresh && (
            <Alert severity="warning" variant="outlined">
              Webhooks are signed with the new secret from now on: receivers still verifying with the previous one will refuse them.
            </Alert>
          )}
        </Box>
      )}
      <ConfirmDialog open={confirming} title="Rotate the signing secret?" confirmLabel="Rotate secret" busy={rotating} onConfirm={() => void rotate()} onClose={() => setConfirming(false)}>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Every webhook sent from now on is signed with a new secret. Receivers that verify with the current secret will refuse deliveries until they use the new one.
        </Typography>
        <Typography variant="body2">The new secret is shown in full only once, right after rotating.</Typography>
      </ConfirmDialog>
    </SectionCard>
  );
}
