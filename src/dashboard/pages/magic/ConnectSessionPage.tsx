import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { SchemaConnectSession } from '../../../generated/api/engine.ts';
import { CenteredMessage } from '../../components/CenteredMessage.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ApiError, errorMessage } from '../../providers/errors.ts';
import { loadConnectSession } from './connectCalls.ts';
import { ConnectTextsContext, connectTextsFor, ENGLISH_CONNECT_TEXTS } from './connectTexts.ts';
import { ConnectFrame } from './ConnectFrame.tsx';
import { type ConnectMode, ConnectScreen } from './ConnectScreen.tsx';

type Load = { status: 'loading' } | { status: 'failed'; message: string; retry: boolean } | { status: 'ready'; session: SchemaConnectSession };

/** An unknown, expired or used link stays so; a network or server failure may pass on a retry. */
const isFinal = (error: unknown) => error instanceof ApiError && [400, 404, 409].includes(error.status);

interface ConnectSessionPageProps {
  /** The auth session token of the link's state. */
  token: string;
  mode: ConnectMode;
  appId?: string;
}

/**
 * The connect screen of a link's session (connect.getSession), in the session's language: the
 * page of /magic/authorize, /admin/authorize and /oauth/authorize once their state is read. A
 * link that cannot be used says why (in English: no session, no language), with Try again when a
 * retry may help.
 */
export function ConnectSessionPage({ token, mode, appId }: ConnectSessionPageProps) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    loadConnectSession(token, abort.signal)
      .then((session) => setLoad({ status: 'ready', session }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'failed', message: errorMessage(error), retry: !isFinal(error) });
      });
    return () => abort.abort();
  }, [token, attempt]);

  if (load.status === 'loading') return <PageLoader fullPage />;
  if (load.status === 'failed') {
    const t = ENGLISH_CONNECT_TEXTS;
    return (
      <ConnectFrame>
        <CenteredMessage
          title="This link cannot be used"
          text={load.message}
          icon={<LinkOffOutlined sx={{ fontSize: 44, color: 'text.secondary' }} />}
          actions={load.retry ? <Button variant="outlined" onClick={() => setAttempt((n) => n + 1)}>{t.tryAgain}</Button> : undefined}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>If you still need to connect, ask the person who sent you this link for a new one.</Typography>
        </CenteredMessage>
      </ConnectFrame>
    );
  }
  return (
    <ConnectTextsContext.Provider value={connectTextsFor(load.session.language)}>
      <ConnectFrame companyName={load.session.companyName}>
        <Box sx={{ py: { xs: 2, md: 4 } }}>
          <ConnectScreen session={load.session} token={token} mode={mode} {...(appId !== undefined ? { appId } : {})} />
        </Box>
      </ConnectFrame>
    </ConnectTextsContext.Provider>
  );
}
