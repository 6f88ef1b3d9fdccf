/**
 * The client's GraphQL documents against the server's schema (docs/architecture.md#graphql):
 * - schema.graphql and src/graphql/graphql-env.d.ts (what gql.tada types documents with) are the schema the server
 *   runs: a changed resolver module without `npm run typecheck` (which regenerates them) fails here;
 * - no custom scalar (the `JSON` tunnel) is left: every operation takes and answers typed fields;
 * - every document of every `src/**\/*.graphql.ts` module is valid against the schema (graphql-js `validate`);
 * - each document selects exactly the fields of the contract schema its answer is validated with: a field the
 *   contract needs and the document does not select fails, and so does a selected field nobody reads.
 */
import { readFile } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Kind, isScalarType, parse, print, specifiedScalarTypes, validate, type DocumentNode, type SelectionSetNode } from 'graphql';
import type * as v from 'valibot';
import { SCHEMA_FILE, TADA_FILE, schemaOutputs } from './graphql-schema.ts';
import { sdlSchema } from '../server/graphql/sdl.ts';
import { createGraphql, GRAPHQL_LIMITS } from '../server/graphql/schema.ts';
import { graphqlModules as serverModules } from '../server/graphql/modules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function graphqlModules(dir = path.join(root, 'src')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return graphqlModules(p);
    return name.endsWith('.graphql.ts') ? [p] : [];
  });
}

type Documents = Record<string, DocumentNode>;
type Answers = Record<string, v.GenericSchema>;
async function clientDocuments() {
  const out: Array<{ module: string; name: string; document: DocumentNode; answer: v.GenericSchema | undefined }> = [];
  for (const file of graphqlModules()) {
    const m = (await import(file)) as { documents?: Documents; answers?: Answers };
    const module = path.relative(root, file);
    if (!m.documents) throw new Error(`${module}: exports no documents`);
    for (const [name, doc] of Object.entries(m.documents)) out.push({ module, name, document: parse(print(doc)), answer: m.answers?.[name] });
  }
  return out;
}

/** a selection as a tree of field names (fragments spread in place; `__typename` ignored) */
type Tree = Map<string, Tree | null>;
function selectionTree(doc: DocumentNode): Tree {
  const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const walk = (set: SelectionSetNode, into: Tree = new Map()): Tree => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        const key = s.alias?.value ?? s.name.value;
        if (key === '__typename') continue;
        into.set(key, s.selectionSet ? walk(s.selectionSet, (into.get(key) as Tree | undefined) ?? new Map()) : null);
      } else if (s.kind === Kind.FRAGMENT_SPREAD) walk(fragments.get(s.name.value)!.selectionSet, into);
      else walk(s.selectionSet, into);
    }
    return into;
  };
  const op = doc.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
  return walk(op.selectionSet);
}

/** the fields a valibot answer schema reads, as the same kind of tree (null: a leaf) */
type Schemaish = { type: string; entries?: Record<string, Schemaish>; item?: Schemaish; wrapped?: Schemaish };
function contractTree(s: Schemaish): Tree | null {
  if (s.type === 'optional' || s.type === 'nullable' || s.type === 'nullish') return contractTree(s.wrapped!);
  if (s.type === 'array') return contractTree(s.item!);
  if (s.type === 'object' || s.type === 'loose_object' || s.type === 'strict_object') return new Map(Object.entries(s.entries!).map(([k, e]) => [k, contractTree(e)]));
  return null;
}

/** differences between what a document selects and what its contract reads, as dot paths */
function differences(selected: Tree | null, read: Tree | null, at = ''): string[] {
  if (!selected || !read) return (selected === null) === (read === null) ? [] : [`${at || '(root)'}: ${selected ? 'an object is selected' : 'a leaf is selected'}, the contract reads ${read ? 'an object' : 'a value'}`];
  const out: string[] = [];
  for (const k of read.keys()) if (!selected.has(k)) out.push(`${at}${k}: read by the contract, not selected`);
  for (const k of selected.keys()) if (!read.has(k)) out.push(`${at}${k}: selected, not read by the contract`);
  for (const k of read.keys()) if (selected.has(k)) out.push(...differences(selected.get(k)!, read.get(k)!, `${at}${k}.`));
  return out;
}

describe('GraphQL: client documents against the server schema', async () => {
  const schema = await sdlSchema();
  const docs = await clientDocuments();

  it('schema.graphql and the gql.tada types are the schema the server runs (npm run typecheck regenerates them)', async () => {
    const { sdl, tada } = await schemaOutputs();
    expect(await readFile(SCHEMA_FILE, 'utf8'), 'schema.graphql is stale').toBe(sdl);
    expect(await readFile(TADA_FILE, 'utf8'), 'src/graphql/graphql-env.d.ts is stale').toBe(tada);
  });

  it('no custom scalar: every operation takes and answers typed fields (no JSON tunnel)', () => {
    const builtIn = new Set(specifiedScalarTypes.map((t) => t.name));
    const custom = Object.values(schema.getTypeMap()).filter((t) => isScalarType(t) && !builtIn.has(t.name) && !t.name.startsWith('__'));
    expect(custom.map((t) => t.name)).toEqual([]);
  });

  it('finds the documents of every area', () => {
    const modules = new Set(docs.map((d) => d.module));
    expect([...modules].some((m) => m.includes('cards'))).toBe(true);
    expect([...modules].some((m) => m.includes('ordering'))).toBe(true);
    const names = docs.map((d) => d.document.definitions.find((x) => x.kind === Kind.OPERATION_DEFINITION)!.name?.value);
    expect(names.every(Boolean), 'every operation is named').toBe(true);
    expect(new Set(names).size, 'operation names are unique').toBe(names.length);
  });

  it('every document is valid against the schema', () => {
    const invalid = docs.flatMap(({ module, name, document }) => validate(schema, document).map((e) => `${module} ${name}: ${e.message}`));
    expect(invalid).toEqual([]);
  });

  it('the validation refuses a document that does not match the schema', () => {
    const wrong = parse('query GetMenu($input: GetMenuInput!) { menu(input: $input) { storeNumber nope } }');
    expect(validate(schema, wrong).map((e) => e.message)).toEqual(['Cannot query field "nope" on type "MenuResponse".']);
  });

  it(`every document passes the server's limits (tokens ${GRAPHQL_LIMITS.maxTokens}, depth ${GRAPHQL_LIMITS.maxDepth}, cost ${GRAPHQL_LIMITS.maxCost}), which now see real fields`, async () => {
    const yoga = createGraphql(await serverModules(), { production: true });
    const refused: string[] = [];
    for (const { module, name, document } of docs) {
      // no variables: the limits are checked while parsing and validating, before variables are read (and before any resolver)
      const res = await yoga.fetch('http://localhost/apiproxy/v1/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: print(document) }) }, { deps: {} as never, session: null });
      const body = (await res.json()) as { errors?: Array<{ message: string }> };
      for (const e of body.errors ?? []) if (!/^Variable "\$\w+" of required type/.test(e.message)) refused.push(`${module} ${name}: ${e.message}`);
    }
    expect(refused).toEqual([]);
  });

  it('each document selects exactly the fields its answer contract reads', () => {
    const wrong: string[] = [];
    for (const { module, name, document, answer } of docs) {
      if (!answer) {
        wrong.push(`${module} ${name}: no answer contract`);
        continue;
      }
      wrong.push(...differences(selectionTree(document), contractTree(answer as unknown as Schemaish)).map((d) => `${module} ${name}: ${d}`));
    }
    expect(wrong).toEqual([]);
  });
});
