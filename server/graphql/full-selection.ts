import { buildSchema, getNamedType, isObjectType, isLeafType, type GraphQLSchema, type GraphQLObjectType } from 'graphql';

/**
 * A document that selects every field of an operation's answer, built from the schema: what tests, benches and
 * tools send when they read whole answers (the client's documents select only what its pages use:
 * src/services/<area>/documents.ts). `operation(schema, 'query', 'GetMenu', 'menu')` is
 * `query GetMenu($input: GetMenuInput!) { menu(input: $input) { menus { id name ... } ... } }`.
 */
export function fullSelectionDocument(schema: GraphQLSchema, kind: 'query' | 'mutation', name: string, field: string): string {
  const root = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
  const f = root?.getFields()[field];
  if (!f) throw new Error(`no ${kind} field ${field}`);
  const vars = f.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = f.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const type = getNamedType(f.type);
  const sel = isObjectType(type) ? ` ${selection(type)}` : '';
  return `${kind} ${name}${vars ? `(${vars})` : ''} { ${field}${args ? `(${args})` : ''}${sel} }`;
}

function selection(type: GraphQLObjectType, seen: ReadonlySet<string> = new Set()): string {
  const parts: string[] = [];
  for (const f of Object.values(type.getFields())) {
    if (f.args.some((a) => a.type.toString().endsWith('!'))) continue;
    const t = getNamedType(f.type);
    if (isLeafType(t)) parts.push(f.name);
    else if (isObjectType(t) && !seen.has(t.name)) parts.push(`${f.name} ${selection(t, new Set([...seen, type.name]))}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/**
 * The document of every field for an ordering operation by its spec name, from the printed schema (schema.graphql):
 * for e2e tests and benches, which talk to a running server and do not load its modules.
 */
export function fullSelectionFromSdl(sdl: string) {
  const schema = buildSchema(sdl);
  return (op: { kind: 'query' | 'mutation'; name: string; field: string }) => fullSelectionDocument(schema, op.kind, op.name, op.field);
}
