import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SchemaConnectSession } from '../../../generated/api/engine.ts';
import { NOT_FOUND_PATH } from '../../app/paths.ts';
import { CenteredMessage } from '../../components/CenteredMessage.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessage } from '../../providers/errors.ts';
import { ConnectScreen } from './ConnectScreen.tsx';
import { loadConnectSession } from './connectCalls.ts';
import { decodeMagicState } from './magicState.ts';
import { ConnectFrame } from './ConnectFrame.tsx';

type Load = { status: 'loading' } | { status: 'failed'; message: string; retry: boolean } | { status: 'ready'; session: SchemaConnectSession };

/** An unknown, expired or used link stays so; a network or server failure may pass on a retry. */
const isFinal = (error: unknown) => error instanceof ApiError && [400, 404, 409].includes(error.status);

/**
 * /magic/authorize (spec part 1 §2): reads ?state, an encoded { authSessionToken, sandbox }, and
 * shows the connect form for the end customer who opened the magic link. A state that cannot be
 * decoded toasts 'Something went wrong, please try again' and goes to /404.
 */
export function MagicAuthorizePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => decodeMagicState(params.get('state')), [params]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!state) {
      navigate(NOT_FOUND_PATH, { replace: true, state: { toast: DEFAULT_ERROR_MESSAGE } });
      return;
    }
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    loadConnectSession(state.authSessionToken, abort.signal)
      .then((session) => setLoad({ status: 'ready', session }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'failed', message: errorMessage(error), retry: !isFinal(error) });
      });
    return () => abort.abort();
  }, [state, navigate, attempt]);

  if (!state || load.status === 'loading') return <PageLoader fullPage />;
  if (load.status === 'failed') {
    return (
      <ConnectFrame>
        <CenteredMessage
          title="This link cannot be used"
          text={load.message}
          icon={<LinkOffOutlined sx={{ fontSize: 44, color: 'text.secondary' }} />}
          actions={load.retry ? <Button variant="outlined" onClick={() => setAttempt((n) => n + 1)}>Try again</Button> : undefined}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>If you still need to connect, ask the person who sent you this link for a new one.</Typography>
        </CenteredMessage>
      </ConnectFrame>
    );
  }
  return (
    <ConnectFrame companyName={load.session.companyName}>
      <Box sx={{ py: { xs: 2, md: 4 } }}>
        <ConnectScreen session={load.session} token={state.authSessionToken} />
      </Box>
    </ConnectFrame>
  );
}
