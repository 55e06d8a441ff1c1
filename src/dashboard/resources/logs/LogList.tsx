import { logsResource } from '../../../generated/resources/logs.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { filterOf } from '../filterChoices.tsx';
import { LogsActivity } from './LogsActivity.tsx';
import { LogsReplayBar } from './LogsReplayBar.tsx';
import { pathCell, urlCell } from './LogCells.tsx';
import { LogViewSwitch } from './LogViewSwitch.tsx';
import { logRowLink } from './logViews.ts';

const view = filterOf(logsResource, 'isApiLogs');
const period = filterOf(logsResource, 'timestamp');

// The view switch also sets the period back to the last 30 days; every other filter is the
// contract's (the category and organisation choices come from app.filtersMetadata).
const filterOverrides = {
  isApiLogs: <LogViewSwitch key={view.source} source={view.source} label={view.label} periodSource={period.source} alwaysOn />,
};

/**
 * /dashboard/logs: API-call logs or webhook logs (the generated logs list, each view showing its
 * own columns) under the view's activity graph, 10 per page with page numbers and hasMoreRecords. A row opens its detail page with
 * the state the spec passes. Billing contacts use it too; the Webhooks view's replay is for the roles that may call it.
 */
export function LogList({ title, role }: ScreenProps) {
  return (
    <GeneratedList
      definition={logsResource}
      title={title}
      noWrap
      filterOverrides={filterOverrides}
      rowLink={logRowLink}
      header={
        <>
          <LogsReplayBar role={role} />
          <LogsActivity />
        </>
      }
      cells={{ url: urlCell, path: pathCell }}
      emptyText="No logs match these filters."
    />
  );
}
