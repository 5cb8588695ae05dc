// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettierRecommended from 'eslint-plugin-prettier/recommended';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'dist-sample/**',
      'coverage/**',
      'test-output/**',
      'sample-app/public/**',
      'dist-api/**',
      'bench/node_modules/**',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettierRecommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // Type-aware rules for shipped code: floating/misused promises and `any` leaks are bugs the syntax rules cannot see.
  {
    files: ['lib/**/*.ts', 'sample-app/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Forwarding a caught error or an AbortSignal's reason unchanged is deliberate; a value we make must be an Error.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // sample-app/tsconfig.json takes the package from dist/, as a user's app would: lint the sample against lib/ through
  // the root project instead, so that `eslint .` needs no build and never reads a stale one.
  {
    files: ['sample-app/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.json' } },
  },
  // The chat page (browser code, React) has a project of its own: the DOM library, JSX, bundler resolution.
  {
    files: ['sample-app/web/**/*.ts', 'sample-app/web/**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: false, project: './sample-app/web/tsconfig.json' },
      globals: { ...globals.browser },
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
