import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { CenteredMessage } from '../components/CenteredMessage.tsx';

export interface PlanFeaturePageProps {
  title: string;
  /** The plan's refusal, as the engine words it. */
  message: string;
  /** Admins can change the plan: they get a way to the subscription page. */
  canChangePlan: boolean;
}

/** A page the organisation's plan does not include: what it is, why it is closed, where to go. */
export function PlanFeaturePage({ title, message, canChangePlan }: PlanFeaturePageProps) {
  return (
    <CenteredMessage
      title={title}
      text={message}
      icon={<LockOutlined sx={{ fontSize: 44, color: 'text.secondary' }} />}
      actions={canChangePlan ? <Button variant="contained" component={RouterLink} to="/dashboard/subscription">Go to Subscriptions</Button> : undefined}
    />
  );
}
