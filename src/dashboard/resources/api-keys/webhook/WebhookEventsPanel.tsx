import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  selectActiveTab,
  selectCanSendEvent,
  selectEventError,
  selectIsEventSelected,
  selectIsEventTested,
  selectIsLive,
  selectIsLoadingEvents,
  selectIsSendingEvent,
  selectLoadError,
  selectProgress,
  selectSelectedEvent,
  selectSelectedPayload,
  selectSubCategories,
  type WebhookTestEvent,
  type WebhookTestSnapshot,
} from '../../../machines/webhookTest/index.ts';
import { monoFontFamily } from '../../../theme/theme.ts';

function EventsSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading webhook events">
      <Box sx={{ display: 'flex', gap: 2, mb: 2 }}>
        <Skeleton variant="text" width={96} height={36} />
        <Skeleton variant="text" width={72} height={36} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        {[96, 120, 104].map((width) => (
          <Skeleton key={width} variant="rounded" width={width} height={32} sx={{ borderRadius: 4 }} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={120} />
    </Box>
  );
}

/**
 * The category's events: tabs per subcategory, a tag per event type (a check once tested), the
 * selected event's sample payload, Send event, and the progress bar of tested events.
 */
export function WebhookEventsPanel({ snapshot, send }: { snapshot: WebhookTestSnapshot; send: (event: WebhookTestEvent) => void }) {
  const { tested, total } = selectProgress(snapshot);
  const subCategories = selectSubCategories(snapshot);
  const activeTab = selectActiveTab(snapshot);
  const selected = selectSelectedEvent(snapshot);
  const loadError = selectLoadError(snapshot);
  const eventError = selectEventError(snapshot);
  const live = selectIsLive(snapshot);
  const sending = selectIsSendingEvent(snapshot);
  const payload = selectSelectedPayload(snapshot);
  const tab = subCategories.find((sub) => sub.value === activeTab);

  return (
    <Box component="section" aria-labelledby="webhook-events-heading">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h3" id="webhook-events-heading">
          Events
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }} data-testid="webhook-progress-text">
          {tested} of {total} events tested
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={total > 0 ? Math.round((tested / total) * 100) : 0}
        aria-label="Events tested"
        aria-valuetext={`${tested} of ${total} events tested`}
        color={total > 0 && tested === total ? 'success' : 'primary'}
        sx={{ height: 8, borderRadius: 4, mb: 2 }}
      />
      {selectIsLoadingEvents(snapshot) && <EventsSkeleton />}
      {loadError && (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => send({ type: 'events.retry' })}>
              Retry
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}
      {tab && (
        <>
          <Tabs value={tab.value} onChange={(_, value: string) => send({ type: 'tab.select', subCategory: value })} variant="scrollable" allowScrollButtonsMobile aria-label="Subcategories" sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}>
            {subCategories.map((sub) => {
              const done = sub.eventDetails.every((detail) => selectIsEventTested(snapshot, { subCategory: sub.value, eventType: detail.eventType }));
              return (
                <Tab key={sub.value} value={sub.value} label={sub.label} icon={done ? <TaskAltRounded fontSize="small" color="success" /> : undefined} iconPosition="end" sx={{ minHeight: 40 }} />
              );
            })}
          </Tabs>
          <Box role="group" aria-label={`${tab.label} event types`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 2 }}>
            {tab.eventDetails.map((detail) => {
              const event = { subCategory: tab.value, eventType: detail.eventType };
              const isTested = selectIsEventTested(snapshot, event);
              const isSelected = selectIsEventSelected(snapshot, event);
              return (
                <Chip
                  key={detail.eventType}
                  label={detail.eventType}
                  icon={isTested ? <TaskAltRounded /> : undefined}
                  color={isTested ? 'success' : 'primary'}
                  variant={isSelected ? 'filled' : 'outlined'}
                  onClick={() => send({ type: 'event.select', ...event })}
                  aria-pressed={isSelected}
                  aria-label={`${detail.eventType}${isTested ? ', tested' : ''}`}
                  sx={{ fontFamily: monoFontFamily }}
                />
              );
            })}
          </Box>
          {payload !== null && (
            <Typography variant="caption" component="p" id="sample-payload-caption" sx={{ mb: 0.75 }}>
              Sample payload: Send event posts it with a fresh event id and time, marked as a test.
            </Typography>
          )}
          {payload !== null && (
            <Box
              component="pre"
              tabIndex={0}
              aria-label={`Sample payload of ${selected?.eventType ?? 'the event'}`}
              aria-describedby="sample-payload-caption"
              sx={{ m: 0, mb: 2, p: 1.5, maxHeight: 220, overflow: 'auto', bgcolor: 'background.default', border: 1, borderColor: 'divider', borderRadius: 1.5, fontSize: '0.75rem', lineHeight: 1.5 }}
            >
              {payload}
            </Box>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={sending ? <CircularProgress size={16} color="inherit" /> : <SendRounded />}
              disabled={!selectCanSendEvent(snapshot)}
              onClick={() => send({ type: 'event.send' })}
              aria-describedby="send-event-hint"
            >
              {sending ? 'Sending…' : 'Send event'}
            </Button>
            <Typography variant="caption" id="send-event-hint">
              {live ? `Sends a sample ${selected?.eventType ?? ''} event, signed like a real delivery.` : 'Test the webhook URL first: events are sent to a live webhook only.'}
            </Typography>
          </Box>
          {eventError && (
            <Alert severity="error" variant="outlined" sx={{ mt: 1.5 }}>
              {eventError}
            </Alert>
          )}
        </>
      )}
    </Box>
  );
}
