import { defineHandler } from '../types.ts';
import { completeOAuthConnect } from '../../services/oauthConnect.ts';

// The /oauth callback screen's code and state: the account connected, as IntegrationDetails.
export const connectOauthCallback = defineHandler('connectOauthCallback', async ({ body }, services) => completeOAuthConnect(services, body));
