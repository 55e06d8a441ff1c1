import { describe, expect, it } from 'vitest';
import {
  AUTH_COMPONENT_SCRIPT_PATH, BACKEND_LANGUAGES, backendSnippet, COMPONENT_FRAMEWORKS, componentSnippet, embedGuide, KNIT_AUTH,
} from '../../../src/shared/embedSnippets.ts';

// The embed guide's snippets as text: every flavour names what the spec names, values land in
// the code as well-formed literals of its language. (tests/engine/embedSnippets.test.ts runs the
// NodeJS and Python ones against the engine.)
const input = { apiKey: 'sk_live_AbCdEf0123456789', baseUrl: 'https://engine.example.com/api/' };

describe('backend snippets', () => {
  it('create an auth session with the bearer key and read msg.token, in Java, NodeJS and Python', () => {
    for (const language of BACKEND_LANGUAGES) {
      const { code, label, fileName } = backendSnippet(language, input);
      expect(label).toBe({ java: 'Java', nodejs: 'NodeJS', python: 'Python' }[language]);
      expect(fileName).toMatch(/\.(java|js|py)$/);
      expect(code).toContain('"sk_live_AbCdEf0123456789"');
      // The trailing slash is dropped: the call is <base>/auth.createSession.
      expect(code).toContain('"https://engine.example.com/api"');
      expect(code).toContain('/auth.createSession');
      expect(code).toContain('Bearer ');
      for (const field of ['originOrgId', 'originOrgName', 'originUserEmail', 'originUserName']) expect(code).toContain(field);
      expect(code).toMatch(/msg.{0,12}token/);
    }
  });

  it('write any value as a literal of the language, never as code', () => {
    const hostile = { apiKey: 'k"; process.exit(7); //\\u0041\n', baseUrl: 'https://x.test/"api' };
    const node = backendSnippet('nodejs', hostile).code;
    expect(node).toContain(`const API_KEY = ${JSON.stringify(hostile.apiKey)};`);
    const python = backendSnippet('python', hostile).code;
    expect(python).toContain(`API_KEY = ${JSON.stringify(hostile.apiKey)}`);
    // Java reads \u escapes before literals: a backslash is doubled and a newline is an octal escape.
    const java = backendSnippet('java', hostile).code;
    expect(java).toContain('API_KEY = "k\\"; process.exit(7); //\\\\u0041\\012";');
    expect(java).toContain('BASE_URL = "https://x.test/\\"api";');
  });
});

describe('component snippets', () => {
  it('show knit-auth with authsessiontoken, skipIntro and the four events in React, Angular, Vue and plain JS', () => {
    for (const framework of COMPONENT_FRAMEWORKS) {
      const { code } = componentSnippet(framework, input);
      expect(code).toContain(KNIT_AUTH.tagName);
      expect(code).toContain(KNIT_AUTH.tokenAttribute);
      expect(code).toContain(KNIT_AUTH.skipIntroAttribute);
      for (const event of ['onNewSession', 'onFinish', 'onDeactivate', 'onKnitClose']) expect(code).toContain(event);
      expect(code).toContain('integrationDetails');
      // The page never holds the API key.
      expect(code).not.toContain(input.apiKey);
      expect(code).toContain(`https://engine.example.com${AUTH_COMPONENT_SCRIPT_PATH}`);
    }
    expect(componentSnippet('javascript', { ...input, componentScriptUrl: 'https://cdn.test/a"b.js' }).code)
      .toContain('<script type="module" src="https://cdn.test/a&quot;b.js"></script>');
  });

  it('describe IntegrationDetails with every field of the spec', () => {
    const { integrationDetails } = embedGuide(input);
    for (const field of ['integrationId', 'appId', 'categoryId', 'originOrgId', 'success', 'errors', 'code', 'description', 'resolution', 'isDeactivated']) {
      expect(integrationDetails.code).toContain(field);
    }
  });
});
