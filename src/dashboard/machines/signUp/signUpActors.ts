import { fromPromise } from 'xstate';
import type { SessionStore } from '../../session/types.ts';
import type { ApiClients } from '../../providers/apiClient.ts';
import { unwrap } from '../../providers/unwrap.ts';
import type {
  ResendOtpOutput,
  SaveSessionInput,
  SendOrgDetailsInput,
  SendOrgDetailsResult,
  SignInAttempt,
  SignInOutput,
  VerifyOtpInput,
  VerifyOtpResult,
} from './types.ts';

interface SignUpActorDeps {
  clients: Pick<ApiClients, 'engine'>;
  session: Pick<SessionStore, 'save'>;
}

/**
 * The real actors of the sign-up machine, on the generated engine client. Pass them with
 * `signUpMachine.provide({ actors: createSignUpActors(deps) })`; tests provide fakes instead.
 * Failures arrive as ApiError (status, msg, field, retryAfterSeconds), which the machine reads.
 */
export function createSignUpActors(deps: SignUpActorDeps) {
  const { engine } = deps.clients;
  return {
    signIn: fromPromise<SignInOutput, SignInAttempt>(async ({ input, signal }) => {
      const body = await unwrap(engine.POST('/auth.signIn', { body: input, signal }));
      return body.msg;
    }),
    verifyOtp: fromPromise<VerifyOtpResult, VerifyOtpInput>(async ({ input, signal }) => {
      const body = await unwrap(engine.POST('/auth.verifyOtp', { body: input, signal }));
      return body.msg;
    }),
    resendOtp: fromPromise<ResendOtpOutput, SignInAttempt>(async ({ input, signal }) => {
      const body = await unwrap(engine.POST('/auth.resendOtp', { body: input, signal }));
      return body.msg;
    }),
    // Carries the bearer token: saveSession ran before it, so the middleware finds the token.
    sendOrgDetails: fromPromise<SendOrgDetailsResult, SendOrgDetailsInput>(async ({ input, signal }) => {
      const body = await unwrap(engine.POST('/auth.sendOrgDetails', { body: input, signal }));
      return body.msg;
    }),
    saveSession: fromPromise<void, SaveSessionInput>(async ({ input }) => {
      await deps.session.save({ ...input, isLoggedIn: true });
    }),
  };
}
