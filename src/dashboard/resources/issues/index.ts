// The issues screen (part 2 §2): graph, counters and the issues table.
export { IssueList } from './IssueList.tsx';
