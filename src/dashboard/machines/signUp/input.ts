import type { SignUpInput } from './types.ts';

/** The machine's input from the /signup query string: login=true, redirect, data, planId. */
export function signUpInputFromSearch(search: string | URLSearchParams): SignUpInput {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    mode: params.get('login') === 'true' ? 'login' : 'signup',
    redirect: params.get('redirect'),
    data: params.get('data'),
    planId: params.get('planId'),
  };
}
