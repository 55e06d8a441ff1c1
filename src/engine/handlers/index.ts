import type { AnyHandler } from './types.ts';
import { authGetUiVersion } from './auth/authGetUiVersion.ts';
import { authResendOtp } from './auth/authResendOtp.ts';
import { authSendOrgDetails } from './auth/authSendOrgDetails.ts';
import { authSignIn } from './auth/authSignIn.ts';
import { authSignOut } from './auth/authSignOut.ts';
import { authVerifyOtp } from './auth/authVerifyOtp.ts';
import { appCheckSubscriptionExists } from './billing/appCheckSubscriptionExists.ts';
import { appGetOrgMetaData } from './billing/appGetOrgMetaData.ts';
import { devMailbox } from './dev/devMailbox.ts';
import { userUserDetails } from './users/userUserDetails.ts';

// The handler bound to each operationId; an operation missing here answers 501.
const bound = [
  authSignIn, authVerifyOtp, authResendOtp, authSendOrgDetails, authSignOut, authGetUiVersion,
  userUserDetails, appGetOrgMetaData, appCheckSubscriptionExists, devMailbox,
];

export const handlers: Readonly<Record<string, AnyHandler>> = Object.fromEntries(bound.map((b) => [b.operationId, b.handler]));
