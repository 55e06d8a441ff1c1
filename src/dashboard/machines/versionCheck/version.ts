// The version of this dashboard build. vite inlines import.meta.env.VITE_UI_VERSION at build time
// (set it from package.json's version in the build); development and tests fall back to 0.1.0.
export const DASHBOARD_VERSION: string = import.meta.env.VITE_UI_VERSION ?? '0.1.0';
