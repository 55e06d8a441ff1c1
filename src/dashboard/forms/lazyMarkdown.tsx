import { lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as MarkdownRenderer } from 'markdown-to-jsx/react';

// rjsf's Markdown renderer (markdown-to-jsx, ~25 kB) as the dashboard's build sees it: vite.config.ts
// points rjsf's import here. rjsf renders Markdown only where a form asks for it
// (ui:enableMarkdownInDescription) and in a few error texts; the renderer is fetched the first
// time one is shown, and its plain text stands in until then.

const Renderer = lazy(() => import('markdown-to-jsx/react').then((module) => ({ default: module.Markdown })));

export function Markdown(props: ComponentProps<typeof MarkdownRenderer>) {
  return (
    <Suspense fallback={props.children}>
      <Renderer {...props} />
    </Suspense>
  );
}
