import Database from 'better-sqlite3';

// Accounts of the run's fresh seeded database that the account e2e flows act on, read directly
// (read-only) so a flow picks an account in the state it needs without depending on list order.
// The oldest matching accounts are taken: the other screens' flows open lists newest first.

export interface TargetAccount {
  integrationId: string;
  originOrgId: string;
  organization: string;
  category: string;
  appLabel: string;
}

export function seededAccount(where: string, offset = 0): TargetAccount {
  const file = process.env.E2E_SQLITE_FILE;
  if (!file) throw new Error('E2E_SQLITE_FILE is not set (playwright.config.ts sets it)');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT id AS integrationId, origin_org_id AS originOrgId, origin_org_name AS organization, category, app_label AS appLabel
         FROM integrated_accounts WHERE org_id = (SELECT org_id FROM users WHERE email = 'demo@acme.test') AND ${where}
         ORDER BY created_at ASC, id ASC LIMIT 1 OFFSET ?`,
      )
      .get(offset) as TargetAccount | undefined;
    if (!row) throw new Error(`the seeded demo has no account where ${where}`);
    return row;
  } finally {
    db.close();
  }
}

/** The accounts list filtered to one account's organisation and category (filters live in the URL). */
export const accountsUrlFor = (account: TargetAccount): string =>
  `/dashboard/accounts?filter=${encodeURIComponent(JSON.stringify({ integrationState: 'all', originOrgId: account.originOrgId, category: account.category }))}`;
