import ReportGmailerrorredOutlined from '@mui/icons-material/ReportGmailerrorredOutlined';
import Button from '@mui/material/Button';
import { DASHBOARD_HOME } from '../app/paths.ts';
import { CenteredMessage } from '../components/CenteredMessage.tsx';

const ERROR_FALLBACK_TITLE = 'Sorry.. Something went wrong';

interface ErrorFallbackProps {
  /** Called before leaving, so the boundary renders its children again on the home page. */
  onBack?: () => void;
}

/**
 * The shell's error fallback (part 1 §2). 'Back to dashboard' is a full navigation to the home page:
 * whatever broke may have left client state behind, and a fresh load is the reliable way out.
 */
export function ErrorFallback({ onBack }: ErrorFallbackProps) {
  return (
    <CenteredMessage
      title={ERROR_FALLBACK_TITLE}
      text="The error has been noted. Going back to the dashboard usually gets you going again."
      icon={<ReportGmailerrorredOutlined sx={{ fontSize: 48, color: 'error.main' }} />}
      actions={
        <Button variant="contained" size="large" href={DASHBOARD_HOME} onClick={onBack}>
          Back to dashboard
        </Button>
      }
    />
  );
}
