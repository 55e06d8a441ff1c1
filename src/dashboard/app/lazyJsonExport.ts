// react-admin's CSV export (jsonexport, ~2 kB) as the dashboard's build sees it: vite.config.ts
// points react-admin's import here, so the exporter is fetched when an export runs. react-admin's
// list controller imports it for its export action, which no list of the dashboard offers.

type JsonExport = (...args: unknown[]) => unknown;

export default function jsonExport(...args: unknown[]): Promise<unknown> {
  return import('jsonexport/dist/index.js').then((module: { default: JsonExport }) => module.default(...args));
}
