// Lingui's macros (t`...`, msg`...`, plural() from @lingui/core/macro) become i18n._() calls with a message
// id at build time, as Lingui's own Babel plugin writes them. Vite's React plugin no longer runs Babel, so
// this runs that one plugin on the files that import a macro, before anything else reads them; every
// other file is left to Vite's own fast transform. Used by the web build and the web test suites.
//
// The English sentence stays in the code beside its id, compiled by Lingui's own compiler (the form a
// compiled catalog holds): English, the source language, then needs no catalog at all, so an English
// phone and the staff console download none, and a sentence missing from a Kinyarwanda or French catalog
// falls back to English instead of showing its id (docs/decisions/014-storefront-languages.md).
import { transformAsync, types, type PluginObj } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from\s+['"]@lingui\/core\/macro['"]/;

/** A compiled message (strings, placeholders, plural forms) as a literal in the code. */
function literal(value: unknown): types.Expression {
  if (typeof value === 'string') return types.stringLiteral(value);
  if (typeof value === 'number') return types.numericLiteral(value);
  if (Array.isArray(value)) return types.arrayExpression(value.map(literal));
  if (value && typeof value === 'object') {
    return types.objectExpression(Object.entries(value).map(([key, item]) => types.objectProperty(types.stringLiteral(key), literal(item))));
  }
  return types.nullLiteral();
}

/** Each message descriptor the macro wrote ({ id, message }) gets its message compiled, its comment dropped. */
function compileSourceMessages(): PluginObj {
  return {
    visitor: {
      ObjectExpression(path) {
        const properties = path.node.properties.filter((property): property is types.ObjectProperty => property.type === 'ObjectProperty');
        const named = (name: string) => properties.find((property) => property.key.type === 'Identifier' && property.key.name === name);
        const id = named('id');
        const message = named('message');
        if (!id || !message || message.value.type !== 'StringLiteral') return;
        message.value = literal(compileMessage(message.value.value));
        path.node.properties = path.node.properties.filter((property) => property !== named('comment'));
      },
    },
  };
}

export function linguiMacros(): Plugin {
  return {
    name: 'isoko-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        // Only the macro: TypeScript and JSX are kept as written for Vite to compile.
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [[linguiMacro, { stripMessageField: false }], compileSourceMessages],
        sourceMaps: true,
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
