/**
 * GraphQL documents pre-parsed at build (scripts/graphql-preparse.ts, src/graphql/document.ts): the build's document
 * of every `graphql()` call of src/ sends the same operation as the runtime `graphql()` (urql's `gql`), with the
 * same fragments, each once, and urql keys and sends it without parsing or printing.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, print, stripIgnoredCharacters, type DocumentNode } from 'graphql';
import { createRequest, stringifyDocument } from 'urql';
import { preparseModule, preparsedDefinitions } from './graphql-preparse.ts';
import { preparsedDocument } from '../src/graphql/document.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function sources(dir = path.join(root, 'src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && readFileSync(p, 'utf8').includes('graphql(`') ? [p] : [];
  });
}
/** each definition of a document, by name, as the text the build writes */
const texts = (doc: DocumentNode) => Object.fromEntries(parse(print(doc)).definitions.map((d) => ['name' in d && d.name ? d.name.value : '', stripIgnoredCharacters(print(d))]));

describe('graphql-preparse', () => {
  it('rewrites every graphql() call of the client, drops the runtime import, and keeps every definition as written', async () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const out = preparseModule(code, file)!;
      expect(out, path.relative(root, file)).not.toBeNull();
      expect(out.code).not.toMatch(/\bgraphql\(\s*`/);
      expect(out.code).not.toMatch(/from '[^']*\/graphql\/graphql(\.ts)?'/);
      const built = new Map<string, string>();
      for (const m of out.code.matchAll(/__preparsedDocument\((\[\[.*?\]\])/g)) for (const [, name, text] of JSON.parse(m[1]!) as string[][]) built.set(name!, text!);
      // the runtime documents of the same module (full ASTs through urql's gql): same definitions, same text
      const m = (await import(file)) as { documents?: Record<string, DocumentNode> };
      for (const doc of Object.values(m.documents ?? {})) for (const [name, text] of Object.entries(texts(doc))) expect(built.get(name), name).toBe(text);
    }
  });

  it('a call the build cannot read fails the build', () => {
    const code = "import { graphql } from '../graphql/graphql.ts';\nconst f = 'x';\nexport const D = graphql(`query Q { a ${f} }`);";
    expect(() => preparseModule(code, path.join(root, 'src/x.ts'))).toThrow(/cannot pre-parse/);
  });

  it('a document with fragments: each fragment once, sent and keyed as urql would, without parsing or printing', () => {
    const Inner = preparsedDocument(preparsedDefinitions('fragment Inner on T { b }'));
    const Outer = preparsedDocument(preparsedDefinitions('fragment Outer on T { a ...Inner }'), [Inner]);
    const doc = preparsedDocument(preparsedDefinitions('query Q($id: ID!) { t(id: $id) { ...Outer ...Inner } }'), [Outer, Inner]);
    const body = 'query Q($id:ID!){t(id:$id){...Outer ...Inner}} fragment Outer on T{a ...Inner} fragment Inner on T{b}';
    expect(doc.loc?.source.body).toBe(body);
    expect(doc.definitions.map((d) => d.kind)).toEqual(['OperationDefinition', 'FragmentDefinition', 'FragmentDefinition']);
    expect(print(parse(body))).toBe(print(parse('query Q($id: ID!) { t(id: $id) { ...Outer ...Inner } } fragment Outer on T { a ...Inner } fragment Inner on T { b }')));
    // urql takes the document as it is, with its key (no print), and sends its body
    const request = createRequest(doc, { id: '1' });
    expect(request.query).toBe(doc);
    // what fetchExchange sends: the body (a print of the partial definitions would not be it)
    expect(stringifyDocument(request.query)).toBe(body);
    expect((request.query as unknown as { __key: number }).__key).toBe((doc as unknown as { __key: number }).__key);
    expect(createRequest(Outer, {}).key).not.toBe(createRequest(Inner, {}).key);
  });
});
