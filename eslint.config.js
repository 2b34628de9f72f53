import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `npm run lint`: ESLint's and typescript-eslint's recommended rules on core, cli, server, web,
 * test and bench, plus the React hooks rules where hooks are written (web/, the Ink views in cli/).
 * Type-aware rules are not used: they need the TypeScript program and would double the run time
 * on the shared 2-core machines for little that `tsc --noEmit` does not already catch.
 */
export default defineConfig(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '.c360/**', 'test-results/**', 'coverage/**'] },
  {
    files: ['{core,cli,server,web,test,bench}/**/*.{ts,tsx,js,mjs}', '*.{js,ts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose (Express's 4-argument
      // error handler, a field dropped by destructuring, a callback's unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: C360 strips control characters from feed text, XML and search queries on purpose;
      // every control character in a regular expression here is intentional.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['test/**', '**/*.test.{ts,tsx}'],
    rules: {
      // Off in tests: they read untyped JSON bodies and poke at internals; product code keeps the rule.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['web/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['web/**/*.tsx', 'cli/**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // Off: these React Compiler rules check code meant for the compiler, which C360 does not use,
      // and would need mass rewrites. set-state-in-effect (33 findings): every console screen loads
      // its data in an effect that first sets a loading flag; refs (6): latest-value refs read while
      // rendering on purpose (live status, SSE handlers); static-components, purity and
      // preserve-manual-memoization (1 each): a cached lazy screen, Date.now() for "expires in",
      // a hand-written useCallback. rules-of-hooks and exhaustive-deps stay on.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/static-components': 'off',
      'react-hooks/purity': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
    },
  },
);
