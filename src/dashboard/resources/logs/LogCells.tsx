import Chip from '@mui/material/Chip';
import { dispatchStatusLabels } from '../../../generated/labels.ts';
import type { Row } from '../../components/columns/ColumnCell.tsx';
import { LongText } from '../../components/LongText.tsx';

// Cells the log screens render differently from their column kind: long URLs and paths stay on
// one line (full text on hover), and a webhook record's dispatch status is a chip with the
// contract's label ('Not dispatched' when stale, part 2 §4).

const TONES: Readonly<Record<string, 'success' | 'error' | 'warning' | 'default'>> = { dispatched: 'success', stale: 'warning', failed: 'error' };

export function DispatchStatus({ value }: { value: unknown }) {
  const key = typeof value === 'string' ? value : '';
  const label = (dispatchStatusLabels as Readonly<Record<string, string>>)[key] ?? (key || '—');
  return <Chip size="small" variant="outlined" color={TONES[key] ?? 'default'} label={label} />;
}

export const urlCell = (record: Row) => <LongText value={record.url} />;
export const pathCell = (record: Row) => <LongText value={record.path} width={260} />;
export const dispatchStatusCell = (record: Row) => <DispatchStatus value={record.dispatchStatus} />;
