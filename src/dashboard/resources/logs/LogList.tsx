import { logsResource } from '../../../generated/resources/logs.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { filterOf, MetadataFilter } from '../filterChoices.tsx';
import { filterInputs } from '../filterInputs.tsx';
import { LogsActivity } from './LogsActivity.tsx';
import { logCells } from './LogCells.tsx';
import { LogViewSwitch } from './LogViewSwitch.tsx';
import { columnsOfView, logRowLink, logViewOf } from './logViews.ts';

const view = filterOf(logsResource, 'isApiLogs');
const period = filterOf(logsResource, 'timestamp');
const category = filterOf(logsResource, 'category');
const organization = filterOf(logsResource, 'originOrgId');

// The filter bar: the view switch, the period (the contract's choices in ms of look-back, no
// 'all'), and the category and organisation from app.filtersMetadata?pageId=logs. Every change
// goes back to page 1 (react-admin's setFilters; the dataProvider starts a new cursor stack).
const filters = [
  <LogViewSwitch key={view.source} source={view.source} label={view.label} periodSource={period.source} alwaysOn />,
  ...filterInputs([period]),
  <MetadataFilter key={category.source} source={category.source} label={category.label} pageId="logs" list="categories" alwaysOn />,
  <MetadataFilter key={organization.source} source={organization.source} label={organization.label} pageId="logs" list="organizations" autocomplete alwaysOn />,
];

/**
 * /dashboard/logs: API-call logs or webhook logs (the generated logs list, each view showing its
 * own columns) under the view's activity graph, 10 per page with page numbers and hasMoreRecords. A row opens its detail page with
 * the state the spec passes. Billing contacts use it too.
 */
export function LogList({ title }: ScreenProps) {
  return (
    <GeneratedList
      definition={logsResource}
      title={title}
      pageNumbers
      noWrap
      filters={filters}
      selectColumns={(columns, filterValues) => columnsOfView(columns, logViewOf(filterValues))}
      rowLink={logRowLink}
      header={<LogsActivity />}
      cells={logCells}
      emptyText="No logs match these filters."
    />
  );
}
