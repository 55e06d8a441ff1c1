// The `object.entries` package as the dashboard's build sees it (vite.config.ts aliases it here):
// react-admin's message formatter (node-polyglot) requires that ES2017 polyfill, whose spec-shim
// dependencies weigh ~5 kB in every dashboard page. Every browser the dashboard supports has
// Object.entries itself, which the polyfill would return anyway. CommonJS, as node-polyglot
// requires it.
module.exports = Object.entries;
