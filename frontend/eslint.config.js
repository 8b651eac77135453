import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, flatConfigs as importXConfigs, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // No barrel files: import the module that defines the thing.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/index', '**/index.*'], message: 'Import the defining module, not a barrel.' }] },
      ],
    },
  },
  // No import cycles, dynamic imports included: a cycle makes module order (and so what is
  // undefined at load time) depend on which file happens to be imported first.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x's TypeScript settings (parsers, extensions) with its own Node resolver in place
      // of the TypeScript resolver, which would be one more package.
      'import-x/extensions': importXConfigs.typescript.settings['import-x/extensions'],
      'import-x/external-module-folders': importXConfigs.typescript.settings['import-x/external-module-folders'],
      'import-x/parsers': importXConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['vite.config.ts', 'playwright.config.ts', 'e2e/**/*.{ts,mjs}', 'scripts/**/*.mjs', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs'],
    extends: [js.configs.recommended],
  },
  // One-way imports: app → features → components / lib. Features never import each other nor
  // src/app; the one RTK Query API they extend lives in src/lib/api.ts. Tests and test helpers
  // are exempt.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['featureName'] },
        { type: 'components', pattern: 'src/components' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'locales', pattern: 'src/locales' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { types: { anyOf: ['app'] } } },
              allow: {
                to: { element: { types: { anyOf: ['app', 'feature', 'components', 'lib'] } } },
              },
            },
            {
              from: { element: { type: 'feature' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { featureName: '{{ from.captured.featureName }}' } } },
              },
            },
            {
              // The one crossing: the member's own page shows the interpreter profile's panel
              // (features/interpreting/components/interpreter-profile-slot.tsx, a lazy chunk).
              from: { element: { type: 'feature', captured: { featureName: 'members' } } },
              allow: { to: { element: { type: 'feature', captured: { featureName: 'interpreting' } } } },
            },
            {
              // Signed videos show on pages of several features: the Watch button (the player is a
              // lazy chunk) on public pages, the manager on staff edit screens.
              from: { element: { type: 'feature' } },
              allow: { to: { element: { type: 'feature', captured: { featureName: 'signed-videos' } } } },
            },
            {
              from: { element: { type: 'components' } },
              allow: { to: { element: { types: { anyOf: ['components', 'lib'] } } } },
            },
            {
              from: { element: { type: 'lib' } },
              allow: { to: { element: { types: { anyOf: ['lib', 'locales'] } } } },
            },
          ],
        },
      ],
    },
  },
);
