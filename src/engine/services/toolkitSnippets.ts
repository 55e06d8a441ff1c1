import type { MsgOf } from '../contractTypes.ts';

// The AI toolkit step's snippets per LLM framework for the category. They are product copy (like
// labels), not data, so they live in code. The engine keeps no full API key (only its hash and
// prefix), so the key is a placeholder the developer replaces, and a comment names which key
// (its masked form) when the organisation has one.
type Snippet = NonNullable<MsgOf<'appGettingStartedJourneyAiAgentFlow'>[number]['stepInitialData']['llmDataMap']>[string];
type LlmFramework = 'langgraph' | 'langchain' | 'openai';

const DOCS = 'https://docs.integrations.test/ai-toolkit';

const API_KEY_PLACEHOLDER = '<YOUR_API_KEY>';

const keyComment = (maskedKey: string | null) => maskedKey
  ? `# ${API_KEY_PLACEHOLDER}: your production API key (${maskedKey}); it is shown in full only when created or rotated`
  : `# ${API_KEY_PLACEHOLDER}: your production API key, from the API Keys page`;

export function toolkitSnippets(maskedKey: string | null, category: string, mcpUrl: string): { llmDataMap: Record<LlmFramework, Snippet>; codeDependenciesMap: Record<LlmFramework, Snippet> } {
  const tools = `toolkit.tools(category="${category}")`;
  const toolkit = [keyComment(maskedKey), `toolkit = Toolkit(api_key="${API_KEY_PLACEHOLDER}", base_url="${mcpUrl}")`];
  return {
    codeDependenciesMap: {
      langgraph: { label: 'LangGraph', language: 'bash', code: 'pip install integrations-ai-toolkit langgraph langchain-openai', docLink: `${DOCS}/langgraph` },
      langchain: { label: 'LangChain', language: 'bash', code: 'pip install integrations-ai-toolkit langchain langchain-openai', docLink: `${DOCS}/langchain` },
      openai: { label: 'OpenAI', language: 'bash', code: 'pip install integrations-ai-toolkit openai', docLink: `${DOCS}/openai` },
    },
    llmDataMap: {
      langgraph: {
        label: 'LangGraph', language: 'python', docLink: `${DOCS}/langgraph`,
        code: [
          'from integrations_ai_toolkit import Toolkit',
          'from langgraph.prebuilt import create_react_agent',
          'from langchain_openai import ChatOpenAI',
          '',
          ...toolkit,
          `agent = create_react_agent(ChatOpenAI(model="gpt-4o"), ${tools})`,
          'agent.invoke({"messages": [("user", "List the records of my integrated accounts")]},',
          '             config={"configurable": {"integration_id": "<integrationId>"}})',
        ].join('\n'),
      },
      langchain: {
        label: 'LangChain', language: 'python', docLink: `${DOCS}/langchain`,
        code: [
          'from integrations_ai_toolkit import Toolkit',
          'from langchain.agents import AgentExecutor, create_tool_calling_agent',
          'from langchain_openai import ChatOpenAI',
          '',
          ...toolkit,
          `tools = ${tools}`,
          'agent = create_tool_calling_agent(ChatOpenAI(model="gpt-4o"), tools, toolkit.default_prompt())',
          'AgentExecutor(agent=agent, tools=tools).invoke({"input": "List the records of my integrated accounts",',
          '                                               "integration_id": "<integrationId>"})',
        ].join('\n'),
      },
      openai: {
        label: 'OpenAI', language: 'python', docLink: `${DOCS}/openai`,
        code: [
          'from integrations_ai_toolkit import Toolkit',
          'from openai import OpenAI',
          '',
          ...toolkit,
          'client = OpenAI()',
          'response = client.chat.completions.create(',
          '    model="gpt-4o",',
          '    messages=[{"role": "user", "content": "List the records of my integrated accounts"}],',
          `    tools=${tools.replace('tools(', 'openai_tools(')},`,
          ')',
          'print(toolkit.handle_tool_calls(response, integration_id="<integrationId>"))',
        ].join('\n'),
      },
    },
  };
}
