// Jest runs the TypeScript sources through ts-jest. Under NestJS 12 (ES modules), the @nestjs packages are
// transformed to CommonJS with @swc/jest, because Jest's CommonJS runtime cannot require() ES modules on Node 20.
// @nestjs/jwt 12 (the sample app's authentication) is an ES module whatever the Nest major: always transformed.
const nestMajor = Number(require('@nestjs/core/package.json').version.split('.')[0]);

const swcForNest = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];

const base = {
  testEnvironment: 'node',
  rootDir: __dirname,
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^nestjs-tool-calling$': '<rootDir>/lib/index.ts',
    '^nestjs-tool-calling/([a-z-]+)$': '<rootDir>/lib/$1/index.ts',
  },
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    ...(nestMajor >= 12
      ? { 'node_modules/@nestjs/.+\\.js$': swcForNest }
      : { 'node_modules/@nestjs/jwt/.+\\.js$': swcForNest }),
  },
  transformIgnorePatterns:
    nestMajor >= 12 ? ['/node_modules/(?!@nestjs/)'] : ['/node_modules/(?!@nestjs/jwt/)'],
  setupFiles: [
    'reflect-metadata',
    '<rootDir>/test/support/nest-logger.setup.ts',
    '<rootDir>/test/support/undici-dispatcher.setup.js',
  ],
  testTimeout: 20000,
};

// Three projects: `npm run test:unit` is the fast loop while coding; `npm test` runs all three.
/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 20000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/reliability/'],
    },
    {
      ...base,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testMatch: ['<rootDir>/test/e2e/**/*.spec.ts', '**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/reliability/'],
    },
    {
      ...base,
      displayName: 'reliability',
      roots: ['<rootDir>/test/reliability'],
      testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
    },
  ],
};
