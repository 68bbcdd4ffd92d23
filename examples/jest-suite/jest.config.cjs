// Jest in CommonJS mode, as many merchant apps still run it: plain `.cjs` files, so
// `require('@glm/sdk')` loads the package's CommonJS build exactly as a merchant's app would.

// msw 2's CommonJS build requires packages that ship only ES modules. Jest cannot require an ES module
// before Node 24.9, so these, and only these, are compiled to CommonJS; our own files and every other
// dependency run as shipped.
const esmOnly = ['rettime', 'until-async', '@open-draft/deferred-promise'];
const names = esmOnly.map((name) => name.replace('/', '[/+]')).join('|');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node', // msw 2 needs Node's fetch globals, not jsdom's
  testMatch: ['<rootDir>/test/**/*.test.cjs'],
  transform: {
    [`/node_modules/(\\.pnpm/)?(${names})[@/].+\\.m?js$`]: [
      'babel-jest',
      { plugins: ['@babel/plugin-transform-modules-commonjs'] },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${names})[@/])`],
};
