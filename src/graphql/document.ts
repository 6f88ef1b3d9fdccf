/**
 * A GraphQL document parsed at build time (scripts/graphql-preparse.ts, docs/architecture.md#graphql): the build
 * turns each `graphql(\`...\`, [fragments])` of src/ into `preparsedDocument(definitions, fragments)`, where each
 * definition is its kind, name and minified text. What the client reads of a document is what this builds: the
 * operation's kind and name (urql, `graphqlOperation`), the text it sends (`loc.source.body`) and urql's key
 * (`__key`, computed as urql's `keyDocument` does), so urql neither parses nor prints a document on the client and
 * graphql.web's parser and printer are not in the bundle (vite.config.ts aliases them away). The selection's AST is
 * not built: nothing on the client walks it (one exchange sending the text, no normalised cache). Tests and the server read
 * the same documents through the runtime `graphql()` (src/graphql/graphql.ts), full ASTs parsed by urql's `gql`.
 */
import type { TypedDocumentNode } from 'urql';

/** [operation or 'fragment', name, the definition's text with ignored characters stripped] */
export type PreparsedDefinition = readonly [kind: 'query' | 'mutation' | 'subscription' | 'fragment', name: string, text: string];

interface Definition { kind: 'OperationDefinition' | 'FragmentDefinition'; operation?: string; name: { kind: 'Name'; value: string } }

const texts = new WeakMap<object, string>();

/** urql's `phash` (djb2 over UTF-16 code units), so a document's `__key` is the one urql would compute */
function phash(text: string, seed = 5381): number {
  let h = seed | 0;
  for (let i = 0; i < text.length; i++) h = (h << 5) + h + text.charCodeAt(i);
  return h;
}

/** The document of `definitions` and, each once, the definitions of `fragments` (urql's `gql` does the same). */
export function preparsedDocument(definitions: readonly PreparsedDefinition[], fragments: readonly { readonly definitions: readonly unknown[] }[] = []): TypedDocumentNode {
  const all: Definition[] = definitions.map(([kind, value, text]) => {
    const name = { kind: 'Name' as const, value };
    const d: Definition = kind === 'fragment' ? { kind: 'FragmentDefinition', name } : { kind: 'OperationDefinition', operation: kind, name };
    texts.set(d, text);
    return d;
  });
  const names = new Set(all.map((d) => d.name.value));
  for (const fragment of fragments) {
    for (const d of fragment.definitions as unknown as Definition[]) {
      if (names.has(d.name.value) || !texts.has(d)) continue;
      names.add(d.name.value);
      all.push(d);
    }
  }
  const body = all.map((d) => texts.get(d)).join(' ');
  const operation = all.find((d) => d.kind === 'OperationDefinition');
  const key = operation ? phash(`\n# ${operation.name.value}`, phash(body)) : phash(body);
  const loc = { start: 0, end: body.length, source: { body, name: 'gql', locationOffset: { line: 1, column: 1 } } };
  return { kind: 'Document', definitions: all, loc, __key: key } as unknown as TypedDocumentNode;
}
