import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_HOME } from '../app/paths.ts';
import { CenteredMessage } from '../components/CenteredMessage.tsx';
import { PublicFrame } from './PublicFrame.tsx';

export const NOT_FOUND_TEXT = 'Sorry, the page you visited does not exist.';

/** /404 (part 1 §2): title 404, the spec's sentence, and a way back to the dashboard. */
export function NotFoundPage() {
  return (
    <PublicFrame>
      <CenteredMessage
        title="404"
        display
        text={NOT_FOUND_TEXT}
        actions={
          <Button variant="contained" size="large" component={RouterLink} to={DASHBOARD_HOME}>
            Back to dashboard
          </Button>
        }
      />
    </PublicFrame>
  );
}
