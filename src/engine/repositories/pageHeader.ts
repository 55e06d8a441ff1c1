import type { Kysely, SelectQueryBuilder } from 'kysely';
import { jsonRowText } from '../db/jsonRows.ts';

/*
 * A list page and its header (the job above a run list, the run above its webhook records) in one
 * statement: the header query's one row rides along as a JSON text column of every page row
 * (db/jsonRows.ts). It is uncorrelated, so both planners run it once per statement. Only an empty
 * page, which has no row to carry it, reads the header on its own.
 */
const HEADER_COLUMN = 'page_header';

/** The column to select on the page query. */
export function headerColumn(db: Kysely<any>, header: SelectQueryBuilder<any, any, any>) {
  return jsonRowText(db, header).as(HEADER_COLUMN);
}

/**
 * The header carried by the page's rows, or read alone for an empty page (the query built only
 * then); undefined when the header query has no row.
 */
export async function pageHeader<H>(
  rows: readonly { [HEADER_COLUMN]: string | null }[],
  header: () => SelectQueryBuilder<any, any, H>,
): Promise<H | undefined> {
  if (rows.length === 0) return header().executeTakeFirst();
  const text = rows[0]![HEADER_COLUMN];
  return text === null ? undefined : (JSON.parse(text) as H);
}
