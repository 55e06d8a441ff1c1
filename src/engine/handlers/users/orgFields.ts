import { forbidden } from '../../errors.ts';
import type { Row } from '../../db/schema.ts';
import type { Role } from '../types.ts';

const ORG_NAME_ADMIN_ONLY = 'Only admin can edit the organisation name';

/**
 * The organisation columns to update from the fields a form sent. Absent fields are left alone;
 * a field equal to the stored value is no change (the profile form always sends the current name),
 * and a real change by anyone but an admin is refused.
 */
export function orgFieldChanges(org: Row<'organisations'>, role: Role, fields: { orgName?: string; orgSize?: string; goLivePlan?: string }) {
  const changes: { name?: string; size?: string; go_live_plan?: string } = {};
  if (fields.orgName !== undefined && fields.orgName !== org.name) changes.name = fields.orgName;
  if (fields.orgSize !== undefined && fields.orgSize !== org.size) changes.size = fields.orgSize;
  if (fields.goLivePlan !== undefined && fields.goLivePlan !== org.go_live_plan) changes.go_live_plan = fields.goLivePlan;
  if (Object.keys(changes).length > 0 && role !== 'admin') throw forbidden(ORG_NAME_ADMIN_ONLY);
  return changes;
}
