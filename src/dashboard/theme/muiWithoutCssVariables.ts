// MUI's CSS-variables theming (createThemeWithVars, CssVarsProvider) as the dashboard's build sees
// it (vite.config.ts). MUI's createTheme and ThemeProvider import it for themes that ask for CSS
// variables or colour schemes; the dashboard's theme asks for neither (theme.ts: no cssVariables,
// no colorSchemes), so MUI takes its plain path and this code never runs. Leaving it out keeps
// ~6 kB from the first chunk of every page. Should the theme ever ask for CSS variables, these
// say so instead of failing quietly; remove the substitution from vite.config.ts then.

const unavailable = (): never => {
  throw new Error("MUI's CSS variables are left out of the dashboard's build (vite.config.ts): the theme must not use cssVariables or colorSchemes");
};

export default unavailable;
export const CssVarsProvider = unavailable;
export const Experimental_CssVarsProvider = unavailable;
export const useColorScheme = unavailable;
export const getInitColorSchemeScript = unavailable;
