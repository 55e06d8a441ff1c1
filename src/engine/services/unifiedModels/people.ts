import { arr, codeOf, fromCents, num, obj, str, type Unified, type VendorRecord } from './values.ts';

/*
 * The unified models of ASSESSMENT and EXPENSES (seed/modelsPeople.ts), made from their sandbox
 * vendors' records: an assessment vendor's packages and orders, an expense app's reports and card
 * transactions (its amounts in cents).
 */

const PACKAGE_TYPE: Record<string, string> = { skills: 'SKILLS', background_check: 'BACKGROUND_CHECK', personality: 'PERSONALITY' };

export function assessmentPackage(p: VendorRecord): Unified {
  return {
    id: String(p.id),
    name: String(p.name ?? ''),
    description: str(p.description),
    durationMinutes: num(p.duration_minutes),
    type: codeOf(PACKAGE_TYPE, p.type),
  };
}

const ORDER_STATUS: Record<string, string> = { invited: 'PENDING', started: 'IN_PROGRESS', completed: 'COMPLETED' };
const OUTCOME: Record<string, string> = { pass: 'PASS', fail: 'FAIL', review: 'REVIEW' };

// The result is the vendor's once the candidate has completed the order: null before.
export function assessmentOrder(o: VendorRecord): Unified {
  const result = o.result ? obj(o.result) : undefined;
  return {
    id: String(o.id),
    candidateId: String(o.candidate_id),
    packageId: String(o.package_id),
    status: codeOf(ORDER_STATUS, o.status),
    createdAt: String(o.created_at),
    result: result
      ? { score: num(result.score), maxScore: num(result.max_score), status: codeOf(OUTCOME, result.outcome), reportUrl: str(result.report_url) }
      : null,
  };
}

const REPORT_STATUS: Record<string, string> = { draft: 'DRAFT', submitted: 'SUBMITTED', approved: 'APPROVED', reimbursed: 'REIMBURSED' };

// The submitter is named by its e-mail; submittedAt is null while the report is a draft.
export function expenseReport(r: VendorRecord): Unified {
  return {
    id: String(r.id),
    title: str(r.title),
    employeeEmail: str(obj(r.submitter).email),
    status: codeOf(REPORT_STATUS, r.status),
    totalAmount: num(r.total) ?? 0,
    currency: str(r.currency),
    submittedAt: str(r.submitted_at),
    expenses: arr(r.expenses).map((x) => ({ id: String(x.id), merchant: str(x.merchant), amount: num(x.amount) ?? 0, category: str(x.category), date: str(x.date) })),
    receipts: arr(r.receipts).map((x) => ({ fileName: str(x.file_name), url: str(x.url) })),
  };
}

// A pending transaction has no posting date yet; the amount is the vendor's in cents.
export function cardTransaction(t: VendorRecord): Unified {
  const amount = obj(t.amount);
  return {
    id: String(t.id),
    cardLast4: str(t.card_last_four),
    merchant: str(obj(t.merchant).name),
    amount: fromCents(amount.amount) ?? 0,
    currency: str(amount.currency),
    postedAt: str(t.posted_at_date),
  };
}
