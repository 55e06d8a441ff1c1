import { defineSessionHandler } from '../types.ts';
import { createMagicLink } from '../../services/magicLinks.ts';

// Create Magic Link: an auth session for the end customer's organisation and user, and the id
// the integrated account will get when the end user connects an app through the link.
export const appCreateMagicLinkV3 = defineSessionHandler('appCreateMagicLinkV3', async ({ body }, { db, caller, clock, config }) => {
  const created = await createMagicLink({ db, publicUrl: config.publicUrl, now: clock.now() }, caller, body);
  return { link: created.link, integrationId: created.integrationId };
});
