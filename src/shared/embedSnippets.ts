// The embed guide's code (getting started, "Embed the auth SDK"), written once: pure functions
// from the organisation's API key and the engine's base URL to the text of each snippet. The
// dashboard renders them; the engine tests run the NodeJS and Python ones against a live engine.
//
// How embedding works (spec part 1 §2 and §7):
// 1. The customer's backend creates an auth session for one of its own customers: POST
//    `<baseUrl>/auth.createSession` with `Authorization: Bearer <API key>` and the body
//    { originOrgId, originOrgName, originUserEmail, originUserName }; the token is msg.token.
//    The API key stays on the server.
// 2. The customer's page shows the `<knit-auth>` web component with that token in its
//    `authsessiontoken` attribute (`skipIntro` skips the intro screen) and listens to its four
//    events: onNewSession (the component needs a new token: the end user opened it again, or its
//    token expired or was used up; fetch a new one and set the attribute again; the first token is
//    the page's to set, as every snippet does), onFinish (an app was connected, or the attempt
//    ended), onDeactivate (the end user deactivated an integration) and onKnitClose (the component
//    was closed). onFinish and onDeactivate carry `event.detail.integrationDetails`, an
//    IntegrationDetails.

/** What the snippets are made for. */
export interface EmbedSnippetInput {
  /** The API key the backend snippets authenticate with (the organisation's production key). */
  apiKey: string;
  /** The engine's base URL, the calls' prefix: `https://engine.example.com/api`. A trailing slash is ignored. */
  baseUrl: string;
  /**
   * Where the page loads the knit-auth component from; by default AUTH_COMPONENT_SCRIPT_PATH on
   * the origin of baseUrl.
   */
  componentScriptUrl?: string;
}

export const BACKEND_LANGUAGES = ['java', 'nodejs', 'python'] as const;
export type BackendLanguage = (typeof BACKEND_LANGUAGES)[number];
export const COMPONENT_FRAMEWORKS = ['react', 'angular', 'vue', 'javascript'] as const;
export type ComponentFramework = (typeof COMPONENT_FRAMEWORKS)[number];

/** One snippet as a code block shows it: tab label, highlighting language, a file name to save it as. */
export interface CodeSnippet {
  label: string;
  language: 'java' | 'javascript' | 'python' | 'jsx' | 'typescript' | 'vue' | 'html';
  fileName: string;
  code: string;
}

/** The component's tag, attributes and events: the names the page uses. */
export const KNIT_AUTH = {
  tagName: 'knit-auth',
  tokenAttribute: 'authsessiontoken',
  skipIntroAttribute: 'skipIntro',
  events: ['onNewSession', 'onFinish', 'onDeactivate', 'onKnitClose'],
} as const;
export type KnitAuthEvent = (typeof KNIT_AUTH.events)[number];

/** Where the engine serves the component script, on its own origin (the default of componentScriptUrl). */
export const AUTH_COMPONENT_SCRIPT_PATH = '/knit-auth.js';

/** What onFinish and onDeactivate carry in `event.detail.integrationDetails`. */
export interface IntegrationDetails {
  integrationId: string;
  appId: string;
  categoryId: string;
  originOrgId: string;
  success: boolean;
  errors: { code: string; description: string; resolution: string }[];
  isDeactivated: boolean;
}

/** The end customer the examples open a session for (the contract's auth.createSession example). */
const EXAMPLE_CUSTOMER = { originOrgId: 'cust-4711', originOrgName: 'Globex Corp', originUserEmail: 'it-admin@globex.com', originUserName: 'Hank Scorpio' };
/** The customer's own backend route that answers { token } (the backend snippets' function behind it). */
const TOKEN_ROUTE = '/api/knit/auth-session';

// ---- literals: a value put into code is always a well-formed literal of that language -----------

/** A JavaScript/TypeScript string literal (also valid JSON). */
const js = (value: string): string => JSON.stringify(value);
/** A Python string literal: JSON's escapes (\", \\, \n, \uXXXX) are Python's too. */
const py = (value: string): string => JSON.stringify(value);

/**
 * A Java string literal. Java turns `\uXXXX` into characters before it reads literals, so control
 * characters are written as octal escapes instead; backslashes and quotes are escaped.
 */
function java(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return `"${out}"`;
}

/** An HTML attribute value (double-quoted). */
const attr = (value: string): string => `"${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;

const trimBase = (baseUrl: string): string => baseUrl.trim().replace(/\/+$/, '');

function scriptUrlOf(input: EmbedSnippetInput): string {
  if (input.componentScriptUrl) return input.componentScriptUrl;
  try {
    return new URL(AUTH_COMPONENT_SCRIPT_PATH, trimBase(input.baseUrl)).toString();
  } catch {
    return AUTH_COMPONENT_SCRIPT_PATH;
  }
}

const lines = (...parts: string[]): string => `${parts.join('\n')}\n`;

// ---- backend: create the auth session, read msg.token ---------------------------------------------

function nodeSnippet(input: EmbedSnippetInput): CodeSnippet {
  const c = EXAMPLE_CUSTOMER;
  return {
    label: 'NodeJS',
    language: 'javascript',
    fileName: 'createAuthSession.js',
    code: lines(
      '// Creates an auth session for one of your customers; hand msg.token to the knit-auth component.',
      '// Node 18+ (global fetch), no packages. Keep the API key on your server, never in a browser.',
      `const API_KEY = ${js(input.apiKey)};`,
      `const BASE_URL = ${js(trimBase(input.baseUrl))};`,
      '',
      'async function createAuthSession({ originOrgId, originOrgName, originUserEmail, originUserName }) {',
      "  const response = await fetch(BASE_URL + '/auth.createSession', {",
      "    method: 'POST',",
      "    headers: { Authorization: 'Bearer ' + API_KEY, 'Content-Type': 'application/json' },",
      '    body: JSON.stringify({ originOrgId, originOrgName, originUserEmail, originUserName }),',
      '  });',
      '  const answer = await response.json();',
      "  if (!response.ok || !answer.success) throw new Error(answer.error?.msg ?? 'HTTP ' + response.status);",
      '  return answer.msg.token;',
      '}',
      '',
      `// Serve it to your page from a route of your own (e.g. POST ${TOKEN_ROUTE}); here it prints one token.`,
      'createAuthSession({',
      `  originOrgId: ${js(c.originOrgId)},`,
      `  originOrgName: ${js(c.originOrgName)},`,
      `  originUserEmail: ${js(c.originUserEmail)},`,
      `  originUserName: ${js(c.originUserName)},`,
      '})',
      '  .then((token) => console.log(token))',
      '  .catch((error) => { console.error(error.message); process.exitCode = 1; });',
    ),
  };
}

function pythonSnippet(input: EmbedSnippetInput): CodeSnippet {
  const c = EXAMPLE_CUSTOMER;
  return {
    label: 'Python',
    language: 'python',
    fileName: 'create_auth_session.py',
    code: lines(
      '# Creates an auth session for one of your customers; hand msg.token to the knit-auth component.',
      '# Python 3.8+, standard library only. Keep the API key on your server, never in a browser.',
      'import json',
      'import sys',
      'import urllib.error',
      'import urllib.request',
      '',
      `API_KEY = ${py(input.apiKey)}`,
      `BASE_URL = ${py(trimBase(input.baseUrl))}`,
      '',
      '',
      'def create_auth_session(origin_org_id, origin_org_name, origin_user_email, origin_user_name):',
      '    body = json.dumps({',
      '        "originOrgId": origin_org_id,',
      '        "originOrgName": origin_org_name,',
      '        "originUserEmail": origin_user_email,',
      '        "originUserName": origin_user_name,',
      '    }).encode("utf-8")',
      '    request = urllib.request.Request(',
      '        BASE_URL + "/auth.createSession",',
      '        data=body,',
      '        method="POST",',
      '        headers={"Authorization": "Bearer " + API_KEY, "Content-Type": "application/json"},',
      '    )',
      '    try:',
      '        with urllib.request.urlopen(request, timeout=10) as response:',
      '            answer = json.load(response)',
      '    except urllib.error.HTTPError as error:',
      '        try:',
      '            message = json.load(error)["error"]["msg"]',
      '        except Exception:',
      '            message = "HTTP %d" % error.code',
      '        raise RuntimeError(message) from None',
      '    return answer["msg"]["token"]',
      '',
      '',
      'if __name__ == "__main__":',
      `    # Serve it to your page from a route of your own (e.g. POST ${TOKEN_ROUTE}); here it prints one token.`,
      '    try:',
      `        print(create_auth_session(${py(c.originOrgId)}, ${py(c.originOrgName)}, ${py(c.originUserEmail)}, ${py(c.originUserName)}))`,
      '    except Exception as error:',
      '        print(error, file=sys.stderr)',
      '        sys.exit(1)',
    ),
  };
}

function javaSnippet(input: EmbedSnippetInput): CodeSnippet {
  const c = EXAMPLE_CUSTOMER;
  return {
    label: 'Java',
    language: 'java',
    fileName: 'AuthSession.java',
    code: lines(
      'import com.fasterxml.jackson.databind.JsonNode;',
      'import com.fasterxml.jackson.databind.ObjectMapper;',
      'import java.net.URI;',
      'import java.net.http.HttpClient;',
      'import java.net.http.HttpRequest;',
      'import java.net.http.HttpResponse;',
      'import java.time.Duration;',
      'import java.util.Map;',
      '',
      '// Creates an auth session for one of your customers; hand msg.token to the knit-auth component.',
      '// Java 11+ (java.net.http) and Jackson (com.fasterxml.jackson.core:jackson-databind) for JSON.',
      '// Keep the API key on your server, never in a browser.',
      'public class AuthSession {',
      `    private static final String API_KEY = ${java(input.apiKey)};`,
      `    private static final String BASE_URL = ${java(trimBase(input.baseUrl))};`,
      '    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();',
      '    private static final ObjectMapper JSON = new ObjectMapper();',
      '',
      '    public static String createAuthSession(String originOrgId, String originOrgName, String originUserEmail, String originUserName) throws Exception {',
      '        String body = JSON.writeValueAsString(Map.of(',
      '            "originOrgId", originOrgId,',
      '            "originOrgName", originOrgName,',
      '            "originUserEmail", originUserEmail,',
      '            "originUserName", originUserName));',
      '        HttpRequest request = HttpRequest.newBuilder(URI.create(BASE_URL + "/auth.createSession"))',
      '            .timeout(Duration.ofSeconds(10))',
      '            .header("Authorization", "Bearer " + API_KEY)',
      '            .header("Content-Type", "application/json")',
      '            .POST(HttpRequest.BodyPublishers.ofString(body))',
      '            .build();',
      '        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());',
      '        JsonNode answer = JSON.readTree(response.body());',
      '        if (response.statusCode() != 200 || !answer.path("success").asBoolean()) {',
      '            throw new IllegalStateException(answer.path("error").path("msg").asText("HTTP " + response.statusCode()));',
      '        }',
      '        return answer.path("msg").path("token").asText();',
      '    }',
      '',
      '    public static void main(String[] args) throws Exception {',
      `        // Serve it to your page from a route of your own (e.g. POST ${TOKEN_ROUTE}); here it prints one token.`,
      `        System.out.println(createAuthSession(${java(c.originOrgId)}, ${java(c.originOrgName)}, ${java(c.originUserEmail)}, ${java(c.originUserName)}));`,
      '    }',
      '}',
    ),
  };
}

/** The backend snippet that creates an auth session with the API key and reads msg.token. */
export function backendSnippet(language: BackendLanguage, input: EmbedSnippetInput): CodeSnippet {
  switch (language) {
    case 'java': return javaSnippet(input);
    case 'nodejs': return nodeSnippet(input);
    case 'python': return pythonSnippet(input);
  }
}

// ---- the page: the knit-auth component --------------------------------------------------------------

const fetchToken = (indent: string): string[] => [
  `${indent}// Asks your backend for a new auth session token (it runs one of the backend snippets).`,
  `${indent}async function fetchAuthSessionToken() {`,
  `${indent}  const response = await fetch(${js(TOKEN_ROUTE)}, { method: 'POST' });`,
  `${indent}  return (await response.json()).token;`,
  `${indent}}`,
];

const loadScriptComment = (input: EmbedSnippetInput): string[] => [
  '// Load the component once per page, e.g. in index.html:',
  `//   <script type="module" src=${attr(scriptUrlOf(input))}></script>`,
];

/** Event listeners on `element` (a variable name), the same in every framework. */
const listeners = (element: string, indent: string): string[] => [
  `${indent}const listeners = {`,
  `${indent}  // The component needs a new token (opened again, or its token expired or was used): fetch one and set it.`,
  `${indent}  onNewSession: async () => ${element}.setAttribute(${js(KNIT_AUTH.tokenAttribute)}, await fetchAuthSessionToken()),`,
  `${indent}  // event.detail.integrationDetails: integrationId, appId, categoryId, originOrgId, success, errors, isDeactivated.`,
  `${indent}  onFinish: (event) => console.log('Integration finished', event.detail.integrationDetails),`,
  `${indent}  onDeactivate: (event) => console.log('Integration deactivated', event.detail.integrationDetails),`,
  `${indent}  onKnitClose: () => console.log('Auth component closed'),`,
  `${indent}};`,
];

function reactSnippet(input: EmbedSnippetInput): CodeSnippet {
  return {
    label: 'React',
    language: 'jsx',
    fileName: 'ConnectIntegration.jsx',
    code: lines(
      ...loadScriptComment(input),
      "import { useEffect, useRef } from 'react';",
      '',
      ...fetchToken(''),
      '',
      'export function ConnectIntegration() {',
      '  const knitRef = useRef(null);',
      '',
      '  useEffect(() => {',
      '    const knit = knitRef.current;',
      ...listeners('knit', '    '),
      '    for (const [name, listener] of Object.entries(listeners)) knit.addEventListener(name, listener);',
      `    fetchAuthSessionToken().then((token) => knit.setAttribute(${js(KNIT_AUTH.tokenAttribute)}, token));`,
      '    return () => {',
      '      for (const [name, listener] of Object.entries(listeners)) knit.removeEventListener(name, listener);',
      '    };',
      '  }, []);',
      '',
      `  // ${KNIT_AUTH.skipIntroAttribute} skips the intro screen; leave it out to show it.`,
      `  return <${KNIT_AUTH.tagName} ref={knitRef} ${KNIT_AUTH.skipIntroAttribute}="" />;`,
      '}',
    ),
  };
}

function angularSnippet(input: EmbedSnippetInput): CodeSnippet {
  return {
    label: 'Angular',
    language: 'typescript',
    fileName: 'connect-integration.component.ts',
    code: lines(
      ...loadScriptComment(input),
      "import { Component, CUSTOM_ELEMENTS_SCHEMA, type OnInit } from '@angular/core';",
      '',
      '// What onFinish and onDeactivate carry in event.detail.integrationDetails.',
      'interface IntegrationDetails {',
      '  integrationId: string;',
      '  appId: string;',
      '  categoryId: string;',
      '  originOrgId: string;',
      '  success: boolean;',
      '  errors: { code: string; description: string; resolution: string }[];',
      '  isDeactivated: boolean;',
      '}',
      'type IntegrationEvent = CustomEvent<{ integrationDetails: IntegrationDetails }>;',
      '',
      '@Component({',
      "  selector: 'app-connect-integration',",
      '  standalone: true,',
      `  // <${KNIT_AUTH.tagName}> is a web component, not an Angular one.`,
      '  schemas: [CUSTOM_ELEMENTS_SCHEMA],',
      `  // ${KNIT_AUTH.skipIntroAttribute} skips the intro screen; leave it out to show it.`,
      '  template: `',
      `    <${KNIT_AUTH.tagName}`,
      `      ${KNIT_AUTH.skipIntroAttribute}`,
      `      [attr.${KNIT_AUTH.tokenAttribute}]="authSessionToken"`,
      '      (onNewSession)="refreshToken()"',
      '      (onFinish)="onFinish($any($event))"',
      '      (onDeactivate)="onDeactivate($any($event))"',
      '      (onKnitClose)="onKnitClose()"',
      `    ></${KNIT_AUTH.tagName}>`,
      '  `,',
      '})',
      'export class ConnectIntegrationComponent implements OnInit {',
      '  authSessionToken: string | null = null;',
      '',
      '  async ngOnInit(): Promise<void> {',
      '    await this.refreshToken();',
      '  }',
      '',
      '  // The component needs a new token (opened again, or its token expired or was used): ask your backend for one.',
      '  async refreshToken(): Promise<void> {',
      `    const response = await fetch(${js(TOKEN_ROUTE)}, { method: 'POST' });`,
      '    this.authSessionToken = (await response.json()).token;',
      '  }',
      '',
      '  onFinish(event: IntegrationEvent): void {',
      "    console.log('Integration finished', event.detail.integrationDetails);",
      '  }',
      '',
      '  onDeactivate(event: IntegrationEvent): void {',
      "    console.log('Integration deactivated', event.detail.integrationDetails);",
      '  }',
      '',
      '  onKnitClose(): void {',
      "    console.log('Auth component closed');",
      '  }',
      '}',
    ),
  };
}

function vueSnippet(input: EmbedSnippetInput): CodeSnippet {
  return {
    label: 'Vue',
    language: 'vue',
    fileName: 'ConnectIntegration.vue',
    code: lines(
      '<!--',
      ...loadScriptComment(input).map((line) => line.replace(/^\/\/ ?/, '  ')),
      `  and tell Vue that ${KNIT_AUTH.tagName} is a custom element (compilerOptions.isCustomElement).`,
      `  ${KNIT_AUTH.skipIntroAttribute} skips the intro screen; leave it out to show it.`,
      '-->',
      '<template>',
      `  <${KNIT_AUTH.tagName} ref="knit" ${KNIT_AUTH.skipIntroAttribute} :${KNIT_AUTH.tokenAttribute}.attr="authSessionToken" />`,
      '</template>',
      '',
      '<script setup>',
      "import { onBeforeUnmount, onMounted, ref } from 'vue';",
      '',
      'const knit = ref(null);',
      'const authSessionToken = ref(null);',
      '',
      ...fetchToken(''),
      '',
      '// Event names are camelCase, so listen with addEventListener rather than v-on.',
      'const listeners = {',
      '  // The component needs a new token (opened again, or its token expired or was used): fetch one and set it.',
      '  onNewSession: async () => { authSessionToken.value = await fetchAuthSessionToken(); },',
      '  // event.detail.integrationDetails: integrationId, appId, categoryId, originOrgId, success, errors, isDeactivated.',
      "  onFinish: (event) => console.log('Integration finished', event.detail.integrationDetails),",
      "  onDeactivate: (event) => console.log('Integration deactivated', event.detail.integrationDetails),",
      "  onKnitClose: () => console.log('Auth component closed'),",
      '};',
      '',
      'onMounted(async () => {',
      '  for (const [name, listener] of Object.entries(listeners)) knit.value.addEventListener(name, listener);',
      '  authSessionToken.value = await fetchAuthSessionToken();',
      '});',
      'onBeforeUnmount(() => {',
      '  for (const [name, listener] of Object.entries(listeners)) knit.value?.removeEventListener(name, listener);',
      '});',
      '</script>',
    ),
  };
}

function plainSnippet(input: EmbedSnippetInput): CodeSnippet {
  return {
    label: 'JavaScript',
    language: 'html',
    fileName: 'connect.html',
    code: lines(
      `<script type="module" src=${attr(scriptUrlOf(input))}></script>`,
      '',
      `<!-- ${KNIT_AUTH.skipIntroAttribute} skips the intro screen; leave it out to show it. -->`,
      `<${KNIT_AUTH.tagName} id="knit" ${KNIT_AUTH.skipIntroAttribute}></${KNIT_AUTH.tagName}>`,
      '',
      '<script type="module">',
      "  const knit = document.getElementById('knit');",
      '',
      ...fetchToken('  '),
      '',
      ...listeners('knit', '  '),
      '  for (const [name, listener] of Object.entries(listeners)) knit.addEventListener(name, listener);',
      `  knit.setAttribute(${js(KNIT_AUTH.tokenAttribute)}, await fetchAuthSessionToken());`,
      '</script>',
    ),
  };
}

/** The page's side: the knit-auth component with its token, skipIntro and the four events. */
export function componentSnippet(framework: ComponentFramework, input: EmbedSnippetInput): CodeSnippet {
  switch (framework) {
    case 'react': return reactSnippet(input);
    case 'angular': return angularSnippet(input);
    case 'vue': return vueSnippet(input);
    case 'javascript': return plainSnippet(input);
  }
}

/** The IntegrationDetails shape as the guide shows it. */
export const INTEGRATION_DETAILS_SNIPPET: CodeSnippet = {
  label: 'IntegrationDetails',
  language: 'typescript',
  fileName: 'integrationDetails.ts',
  code: lines(
    '// event.detail.integrationDetails of onFinish and onDeactivate.',
    'interface IntegrationDetails {',
    '  integrationId: string; // the integrated account (its id in the dashboard and the unified API)',
    '  appId: string; // the connected app',
    '  categoryId: string; // its category, e.g. HRIS',
    '  originOrgId: string; // your customer, as your backend passed it to auth.createSession',
    '  success: boolean; // false when connecting failed: see errors',
    '  errors: { code: string; description: string; resolution: string }[];',
    '  isDeactivated: boolean; // true on onDeactivate',
    '}',
  ),
};

/** Every snippet of the embed guide. */
export function embedGuide(input: EmbedSnippetInput): {
  backend: Record<BackendLanguage, CodeSnippet>;
  component: Record<ComponentFramework, CodeSnippet>;
  integrationDetails: CodeSnippet;
} {
  return {
    backend: { java: javaSnippet(input), nodejs: nodeSnippet(input), python: pythonSnippet(input) },
    component: { react: reactSnippet(input), angular: angularSnippet(input), vue: vueSnippet(input), javascript: plainSnippet(input) },
    integrationDetails: INTEGRATION_DETAILS_SNIPPET,
  };
}
