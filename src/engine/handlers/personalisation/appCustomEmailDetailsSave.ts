import { defineSessionHandler } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { customEmailDetails, saveCustomEmail } from '../../repositories/personalisation.ts';

/** What the e-mail renderer can fill in; any other {{name}} would reach the end user verbatim. */
const EMAIL_PLACEHOLDERS = ['orgName', 'originOrgName', 'originUserName', 'categories', 'expiresAt'] as const;

export const appCustomEmailDetailsSave = defineSessionHandler('appCustomEmailDetailsSave', async ({ body }, { db, clock, caller }) => {
  const texts = { senderName: body.senderName, subject: body.subject, heading: body.heading, body: body.body, buttonText: body.buttonText, footer: body.footer };
  for (const [field, text] of Object.entries(texts)) {
    for (const match of (text ?? '').matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
      const name = match[1] ?? '';
      if (!(EMAIL_PLACEHOLDERS as readonly string[]).includes(name)) throw badRequest(`Unknown placeholder {{${name}}}`, field);
    }
  }
  const org = await findOrganisation(db, caller.orgId);
  if (!org) throw forbidden();
  await saveCustomEmail(db, caller.orgId, { ...body, replyTo: body.replyTo ?? null, footer: body.footer ?? null }, clock.now());
  return { message: 'Successfully saved the changes' as const, customEmailDetails: await customEmailDetails(db, org) };
});
