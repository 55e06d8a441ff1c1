import Chip from '@mui/material/Chip';
import { issuesResource } from '../../../generated/resources/issues.ts';
import type { ScreenProps } from '../../app/screens.ts';
import type { Row } from '../../components/columns/ColumnCell.tsx';
import { LongText } from '../../components/LongText.tsx';
import { GeneratedList } from '../GeneratedList.tsx';
import { useListFailure } from '../listHooks.ts';
import { IssuesOverview } from './IssuesOverview.tsx';
import { issueTypeFilterLabels } from '../../../generated/labels.ts';
import { ISSUES_ERROR_MESSAGE } from './issueRules.ts';

const label = (value: unknown) => (issueTypeFilterLabels as Readonly<Record<string, string>>)[String(value)] ?? String(value);

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
      noWrap
      header={<IssuesOverview />}
      cells={cells}
      onError={onError}
      errorText={ISSUES_ERROR_MESSAGE}
      emptyText="No issues match these filters."
    />
  );
}
