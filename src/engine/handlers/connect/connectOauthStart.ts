import { defineHandler } from '../types.ts';
import { startOAuthConnect } from '../../services/oauthConnect.ts';

// The end customer's OAuth setup step: the authorize URL to open in a window, with its state.
export const connectOauthStart = defineHandler('connectOauthStart', async ({ body }, services) => startOAuthConnect(services, body));
