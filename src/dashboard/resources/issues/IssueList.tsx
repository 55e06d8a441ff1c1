import Chip from '@mui/material/Chip';
import { SelectInput } from 'react-admin';
import { issuesResource } from '../../../generated/resources/issues.ts';
import type { ScreenProps } from '../../app/screens.ts';
import type { Row } from '../../components/columns/ColumnCell.tsx';
import { LongText } from '../../components/LongText.tsx';
import { GeneratedList } from '../GeneratedList.tsx';
import { filterOf } from '../filterChoices.tsx';
import { filterInputs } from '../filterInputs.tsx';
import { useListFailure } from '../listHooks.ts';
import { IssuesOverview } from './IssuesOverview.tsx';
import { ISSUES_ERROR_MESSAGE, LOG_TYPE_LABELS } from './issueRules.ts';

const type = filterOf(issuesResource, 'type');
const others = issuesResource.filters.filter((filter) => filter.source !== type.source);
const label = (value: unknown) => LOG_TYPE_LABELS[String(value)] ?? String(value);

// The type filter defaults to all (the contract's default, offered as the select's empty choice);
// the time and status filters are the generated ones.
const filters = [
  <SelectInput
    key={type.source}
    source={type.source}
    label={type.label}
    alwaysOn
    emptyText={label(type.default)}
    emptyValue={type.default}
    choices={(type.choices ?? []).filter((choice) => choice !== type.default).map((choice) => ({ id: choice, name: label(choice) }))}
    sx={{ minWidth: 160 }}
  />,
  ...filterInputs(others),
];

const cells = {
  errorDataStr: (record: Row) => <LongText value={record.errorDataStr} width={260} />,
  errorMessage: (record: Row) => <LongText value={record.errorMessage} width={280} mono={false} />,
  logType: (record: Row) => <>{label(record.logType)}</>,
  resolved: (record: Row) =>
    record.resolved === true ? <Chip size="small" variant="outlined" color="success" label="Resolved" /> : <Chip size="small" variant="outlined" color="warning" label="Outstanding" />,
};

/** /dashboard/issues: counters and graph (IssuesOverview) over the generated issues table, 10 per cursor page. */
export function IssueList({ title }: ScreenProps) {
  const onError = useListFailure({ fallback: ISSUES_ERROR_MESSAGE });
  return (
    <GeneratedList
      definition={issuesResource}
      title={title}
      pageNumbers
      noWrap
      filters={filters}
      header={<IssuesOverview />}
      cells={cells}
      onError={onError}
      errorText={ISSUES_ERROR_MESSAGE}
      emptyText="No issues match these filters."
    />
  );
}
