import { defineSessionHandler } from '../types.ts';
import { createReintegrationLink } from '../../services/magicLinks.ts';

// Reintegrate: a magic link that reconnects the same account (same integrationId) to the same
// app. Only a Success account can be reintegrated; the link offers only the account's app.
export const appCreateReIntegrateMagicLink = defineSessionHandler('appCreateReIntegrateMagicLink', async ({ body }, { db, caller, clock, config }) => {
  const created = await createReintegrationLink({ db, publicUrl: config.publicUrl, now: clock.now() }, caller, body);
  return { link: created.link, integrationId: created.integrationId };
});
