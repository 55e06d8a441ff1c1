import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCopy } from '../../components/useCopy.ts';
import { useToast } from '../../providers/index.ts';
import { fetchApiKeys, generateApiKey, queryKeys, type KeyKind } from './apiKeysCalls.ts';
import { ConfirmDialog } from './lazyDialogs.ts';
import { SecretField } from './SecretField.tsx';
import { SectionCard } from './SectionCard.tsx';

/** Spec part 1 §8, word for word. */
const API_KEY_FETCH_FAILED = 'Something went wrong while fetching API key, Please try again';

const KINDS: Record<KeyKind, { label: string; name: string; accounts: string }> = {
  prod: { label: 'Production API key', name: 'production', accounts: 'production integrated accounts' },
  sandbox: { label: 'Sandbox API key', name: 'sandbox', accounts: 'test integrated accounts' },
};

/** Where a key shown in full came from: this visit created it (first call, or Generate). */
type Revealed = Partial<Record<KeyKind, { key: string; generated: boolean }>>;

function hintFor(kind: KeyKind, revealed: Revealed): { text: string; tone: 'success' | 'secondary' } {
  const shown = revealed[kind];
  const use = `For ${KINDS[kind].accounts}.`;
  if (shown?.generated) return { text: `${use} New key generated: copy it now, it is shown in full only once.`, tone: 'success' };
  if (shown) return { text: `${use} Shown in full only this once: copy it now and keep it in your backend’s secrets.`, tone: 'secondary' };
  return { text: `${use} Only this prefix is kept: generate a new key to get one you can copy.`, tone: 'secondary' };
}

/**
 * The production and sandbox API keys (spec part 1 §2). The engine stores a key hashed: it is in
 * full only in the answer that created it, so a key seen in full is kept for this visit while a
 * later answer carries its masked prefix.
 */
export function ApiKeysCard() {
  const toast = useToast();
  const { copied, copy } = useCopy();
  const [revealed, setRevealed] = useState<Revealed>({});
  const [confirming, setConfirming] = useState<KeyKind | null>(null);
  const [generating, setGenerating] = useState(false);
  const keys = useQuery({ queryKey: queryKeys.apiKeys, queryFn: ({ signal }) => fetchApiKeys(signal), staleTime: Infinity, refetchOnWindowFocus: false, retry: false });

  useEffect(() => {
    const data = keys.data;
    if (!data) return;
    setRevealed((before) => ({
      ...(!data.prodApiKeyMasked && !before.prod ? { prod: { key: data.prodApiKey, generated: false } } : {}),
      ...(!data.sandboxApiKeyMasked && !before.sandbox ? { sandbox: { key: data.sandboxApiKey, generated: false } } : {}),
      ...before,
    }));
  }, [keys.data]);

  const generate = async (kind: KeyKind) => {
    setGenerating(true);
    try {
      const key = await generateApiKey(kind);
      setRevealed((before) => ({ ...before, [kind]: { key, generated: true } }));
      setConfirming(null);
    } catch (error) {
      toast.error(error);
    } finally {
      setGenerating(false);
    }
  };

  const shownValue = (kind: KeyKind) => revealed[kind]?.key ?? (kind === 'prod' ? keys.data?.prodApiKey : keys.data?.sandboxApiKey);
  const description = 'Your backend authenticates its calls (such as auth.createSession) with a key as its bearer token. Keys are stored hashed: each is shown in full once, when it is created.';

  return (
    <SectionCard title="API keys" icon={<VpnKeyOutlined fontSize="small" />} description={description}>
      {keys.isError ? (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void keys.refetch()}>
              Retry
            </Button>
          }
        >
          {API_KEY_FETCH_FAILED}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {(Object.keys(KINDS) as KeyKind[]).map((kind) => {
            const hint = hintFor(kind, revealed);
            return (
              <Box key={kind}>
                <SecretField
                  label={KINDS[kind].label}
                  value={keys.isPending ? undefined : shownValue(kind)}
                  full={revealed[kind] !== undefined}
                  copied={copied === kind}
                  onCopy={() => void copy(kind, revealed[kind]?.key ?? '')}
                  hint={hint.text}
                  hintTone={hint.tone}
                  action={
                    <Button variant="outlined" startIcon={<AutorenewRounded />} onClick={() => setConfirming(kind)} disabled={keys.isPending} aria-label={`Generate new ${KINDS[kind].name} API key`}>
                      Generate new API key
                    </Button>
                  }
                />
              </Box>
            );
          })}
        </Box>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`Generate a new ${confirming ? KINDS[confirming].name : ''} API key?`}
        confirmLabel="Generate new API key"
        busy={generating}
        onConfirm={() => confirming && void generate(confirming)}
        onClose={() => setConfirming(null)}
      >
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          The current {confirming ? KINDS[confirming].name : ''} key stops working at once: calls made with it are refused (401) until your backend uses the new key.
        </Typography>
        <Typography variant="body2">The new key is shown in full only once, right after it is generated.</Typography>
      </ConfirmDialog>
    </SectionCard>
  );
}
