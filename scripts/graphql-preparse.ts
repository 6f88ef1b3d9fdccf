/**
 * GraphQL documents parsed at build time (docs/architecture.md#graphql, #performance). Each
 * `graphql(\`...\`[, [fragments]])` call of a client module becomes `preparsedDocument([[kind, name, text], ...],
 * [fragments])` (src/graphql/document.ts): the document is parsed here, by graphql-js, and each definition's text is
 * minified (`stripIgnoredCharacters`). On the client, urql's `gql` then parses nothing at a chunk's evaluation (it
 * parsed every document of a module when the module loaded: 200-460 ms on the product page at 4x CPU slowdown), and
 * graphql.web's parser and printer leave the bundle (`graphqlWebClient` below). A call the regular expression cannot
 * read (a template with `${}`, a fragment list that is not an array literal) fails the build.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import { Kind, parse, print, stripIgnoredCharacters } from 'graphql';
import type { Plugin } from 'vite';
import type { PreparsedDefinition } from '../src/graphql/document.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HELPER = path.join(root, 'src/graphql/document.ts');
/** the runtime `graphql()` (src/graphql/graphql.ts) imported by a module of src/ */
const IMPORTS_GRAPHQL = /import\s*\{\s*graphql\s*\}\s*from\s*['"][^'"]*\/graphql\/graphql(?:\.ts)?['"]/;
const CALL = /\bgraphql\(\s*`((?:[^`$\\]|\$(?!\{))*)`\s*(?:,\s*(\[[\w\s,.]*\]))?\s*,?\s*\)/g;
const ANY_CALL = /\bgraphql\(\s*`/;

/** a document's definitions, each with its minified text */
export function preparsedDefinitions(source: string): PreparsedDefinition[] {
  return parse(source, { noLocation: true }).definitions.map((d) => {
    const text = stripIgnoredCharacters(print(d));
    if (d.kind === Kind.FRAGMENT_DEFINITION) return ['fragment', d.name.value, text] as const;
    if (d.kind === Kind.OPERATION_DEFINITION && d.name) return [d.operation, d.name.value, text] as const;
    throw new Error(`graphql-preparse: every definition needs a name (${text.slice(0, 60)})`);
  });
}

/** The module with its `graphql()` calls pre-parsed, or null when it has none. */
export function preparseModule(code: string, id: string): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  if (!IMPORTS_GRAPHQL.test(code)) return null;
  const s = new MagicString(code);
  let calls = 0;
  for (const m of code.matchAll(CALL)) {
    const defs = JSON.stringify(preparsedDefinitions(m[1]!));
    s.overwrite(m.index, m.index + m[0].length, `__preparsedDocument(${defs}${m[2] ? `, ${m[2]}` : ''})`);
    calls++;
  }
  if (ANY_CALL.test(s.toString())) throw new Error(`graphql-preparse: ${path.relative(root, id)} has a graphql() call the build cannot pre-parse (a template with \${} or a fragment list that is not an array literal)`);
  if (calls === 0) return null;
  // the runtime graphql() (and urql's gql with it) is no longer this module's import
  const imported = IMPORTS_GRAPHQL.exec(code)!;
  s.overwrite(imported.index, imported.index + imported[0].length, '');
  let helper = path.relative(path.dirname(id), HELPER).split(path.sep).join('/');
  if (!helper.startsWith('.')) helper = `./${helper}`;
  s.prepend(`import { preparsedDocument as __preparsedDocument } from ${JSON.stringify(helper)};\n`);
  return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
}

/** The Vite plugin: the client's modules (src/), at build and in development. */
export function graphqlPreparse(): Plugin {
  return {
    name: 'graphql-preparse',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(path.join(root, 'src') + path.sep) || !/\.tsx?$/.test(id)) return null;
      return preparseModule(code, id);
    },
  };
}

/**
 * graphql.web for the client build: urql imports `parse` and `print` from it, but with every document pre-parsed
 * and keyed (src/graphql/document.ts) neither runs: `keyDocument` finds the `__key` and the `loc`, and
 * `stringifyDocument` the body. At build, every import of graphql.web but the shim's own resolves to the shim
 * (src/graphql/graphql-web-client.ts), whose `parse` and `print` throw: a document that somehow is not pre-parsed
 * fails loudly, and the bundle loses the parser and the printer.
 */
export function graphqlWebClient(): Plugin {
  const shim = path.join(root, 'src/graphql/graphql-web-client.ts');
  return {
    name: 'graphql-web-client',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@0no-co/graphql.web' || !importer || importer === shim) return null;
      return shim;
    },
  };
}
