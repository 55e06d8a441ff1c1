import { defineHandler, integrationCallerOf } from '../types.ts';
import { sendPassthrough } from '../../services/passthrough.ts';

// v1.0/passthrough: the request sent to the account's app as is, answered with the app's answer.
export const passthrough = defineHandler('passthrough', async ({ body }, ctx) => sendPassthrough(ctx, integrationCallerOf(ctx).call, body));
