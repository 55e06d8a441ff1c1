import type { GettingStartedFlow } from '../../machines/gettingStarted/index.ts';

/** The flows' names as the tabs and dialogs show them (spec part 1 §2). */
export const FLOW_LABELS: Readonly<Record<GettingStartedFlow, string>> = {
  webapp: 'Unified APIs and Syncs',
  aiAgent: 'AI Agents Toolkit',
};

export const FLOW_DESCRIPTIONS: Readonly<Record<GettingStartedFlow, string>> = {
  webapp: 'Connect your customers’ apps through one API: register a webhook, embed the auth component and sync their data.',
  aiAgent: 'Give your AI agents tools over your customers’ apps with LangGraph, LangChain or OpenAI, then embed the auth component.',
};

export const FLOWS: readonly GettingStartedFlow[] = ['webapp', 'aiAgent'];
