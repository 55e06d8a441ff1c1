// The libraries vite.config.ts loads on first use (app/lazyJsonExport.ts) have no type declarations.
declare module 'jsonexport/dist/index.js' {
  const jsonExport: (...args: unknown[]) => unknown;
  export default jsonExport;
}
