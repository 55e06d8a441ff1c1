import Chip from '@mui/material/Chip';
import type { Row } from '../../components/columns/ColumnCell.tsx';
import { LongText } from '../../components/LongText.tsx';
import { dispatchStatusLabel } from './logViews.ts';

// Cells the log screens render differently from their column kind: long URLs and paths stay on
// one line (full text on hover), and a webhook record's dispatch status reads 'Not dispatched'
// when stale (part 2 §4).

export function DispatchStatus({ value }: { value: unknown }) {
  const { label, tone } = dispatchStatusLabel(value);
  return <Chip size="small" variant="outlined" color={tone} label={label} />;
}

/** Cell overrides by column source, shared by the log lists and headers. */
export const logCells = {
  url: (record: Row) => <LongText value={record.url} />,
  path: (record: Row) => <LongText value={record.path} width={260} />,
  dispatchStatus: (record: Row) => <DispatchStatus value={record.dispatchStatus} />,
} as const;
