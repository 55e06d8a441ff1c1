import type { MsgOf } from '../handlers/types.ts';

// The AI toolkit step's snippets per LLM framework, filled with the organisation's API key and
// the category. They are product copy (like labels), not data, so they live in code.
type Snippet = NonNullable<MsgOf<'appGettingStartedJourneyAiAgentFlow'>[number]['stepInitialData']['llmDataMap']>[string];
export type LlmFramework = 'langgraph' | 'langchain' | 'openai';

const DOCS = 'https://docs.integrations.test/ai-toolkit';

export function toolkitSnippets(apiKey: string, category: string, mcpUrl: string): { llmDataMap: Record<LlmFramework, Snippet>; codeDependenciesMap: Record<LlmFramework, Snippet> } {
  const tools = `toolkit.tools(category="${category}")`;
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
          `toolkit = Toolkit(api_key="${apiKey}", base_url="${mcpUrl}")`,
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
          `toolkit = Toolkit(api_key="${apiKey}", base_url="${mcpUrl}")`,
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
          `toolkit = Toolkit(api_key="${apiKey}", base_url="${mcpUrl}")`,
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
