import { fromPromise } from 'xstate';
import { unwrap, type ApiClients } from '../../providers/apiClient.ts';
import type {
  Category,
  CompletionResult,
  EnableCategoryResult,
  EnableToolkitInput,
  EnableToolkitResult,
  JourneyCategory,
  JourneyQuery,
  JourneyStep,
  OnboardingFlow,
} from './types.ts';

export interface OnboardingActorDeps {
  clients: Pick<ApiClients, 'engine'>;
  flow: OnboardingFlow;
}

/**
 * The real actors of one flow, on the generated engine client: the web flow reads and enables
 * through app.getCategories, app.gettingStartedJourneyV3 and app.enableCategory, the AI flow
 * through their AI-agent twins. `onboardingMachine.provide({ actors: createOnboardingActors(deps) })`.
 */
export function createOnboardingActors({ clients: { engine }, flow }: OnboardingActorDeps) {
  const web = flow === 'webapp';
  return {
    fetchCategories: fromPromise<JourneyCategory[], void>(async ({ signal }) => {
      const call = web ? engine.GET('/app.getCategories', { signal }) : engine.GET('/app.getCategoriesAiAgentFlow', { signal });
      return (await unwrap(call)).msg;
    }),
    fetchJourney: fromPromise<JourneyStep[], JourneyQuery>(async ({ input, signal }) => {
      const params = { query: { category: input.category, reset: input.reset } };
      const call = web
        ? engine.GET('/app.gettingStartedJourneyV3', { params, signal })
        : engine.GET('/app.gettingStartedJourneyAiAgentFlow', { params, signal });
      return (await unwrap(call)).msg;
    }),
    enableCategory: fromPromise<EnableCategoryResult, { category: Category }>(async ({ input, signal }) => {
      const body = { category: input.category };
      const call = web ? engine.POST('/app.enableCategory', { body, signal }) : engine.POST('/app.enableCategoryForAiAgent', { body, signal });
      return (await unwrap(call)).msg;
    }),
    enableToolkit: fromPromise<EnableToolkitResult, EnableToolkitInput>(async ({ input, signal }) => {
      return (await unwrap(engine.POST('/app.enableAiToolKit', { body: input, signal }))).msg;
    }),
    completeOnboarding: fromPromise<CompletionResult, { category: Category }>(async ({ input, signal }) => {
      return (await unwrap(engine.POST('/app.completeGettingStarted', { body: { category: input.category, flow }, signal }))).msg;
    }),
  };
}
