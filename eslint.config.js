// ESLint: the recommended JavaScript and typescript-eslint rules. The type-aware ones are not cheap
// here and tsc checks the types in npm test; formatting is Prettier's (.prettierrc.json).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'reports/**', 'fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore names what a signature or a destructuring must mention but does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // The answers of a bank under test are read as JSON of shapes the suite checks at run time (JSON
      // Schema, the profile's pointers); \`any\` marks those reads at the boundary.
      '@typescript-eslint/no-explicit-any': 'off',
      // Header and field checks look for control characters on purpose (RFC 9110 field values, RFC 2047).
      'no-control-regex': 'off',
      // Lines of about 120 (Prettier wraps code there): comments too; a message, a quote of the spec or
      // a pattern stays whole, so that a search finds it.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
