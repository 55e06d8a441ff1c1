// react-router as react-admin sees it in the dashboard's build (vite.config.ts aliases
// react-router-dom here). react-admin renders inside the dashboard's BrowserRouter, where it uses the
// router's hooks and components; only outside any router would it build a hash router of its own.
// Leaving that data router out keeps ~16 kB of JavaScript out of the first chunk of every page.
export * from 'react-router';

const outsideRouter = () => {
  throw new Error('react-admin is rendered outside the dashboard router: render it inside <BrowserRouter>');
};

/** Never called inside a router (react-admin checks useInRouterContext first). */
export const createHashRouter: typeof import('react-router').createHashRouter = outsideRouter;
/** Never rendered inside a router (see createHashRouter). */
export const RouterProvider: typeof import('react-router').RouterProvider = outsideRouter;
