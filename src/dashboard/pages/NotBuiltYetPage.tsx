import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_HOME } from '../app/paths.ts';
import { CenteredMessage } from '../components/CenteredMessage.tsx';
import { PublicFrame } from './PublicFrame.tsx';

export interface NotBuiltYetPageProps {
  /** The screen's name as the menu and breadcrumbs call it. */
  title: string;
  /** Public routes render outside the shell, with their own frame and a way back. */
  standalone?: boolean;
}

/** An honest placeholder for a screen the spec names but this build does not have yet. */
export function NotBuiltYetPage({ title, standalone = false }: NotBuiltYetPageProps) {
  const body = (
    <CenteredMessage
      title={title}
      text={`The ${title} screen is not built yet. It is part of the product and will appear here in a later version.`}
      icon={<ConstructionOutlined sx={{ fontSize: 44, color: 'primary.main' }} />}
      actions={
        standalone ? (
          <Button variant="outlined" component={RouterLink} to={DASHBOARD_HOME}>
            Back to dashboard
          </Button>
        ) : undefined
      }
    />
  );
  return standalone ? <PublicFrame>{body}</PublicFrame> : body;
}
