/**
 * The house rule for src/routes (eslint.config.js, docs/architecture.md#one-place-per-flow): no actors and no API
 * calls in route files. Each snippet is linted as if it were a route file; the rule must fire on the forbidden ones
 * and stay quiet on the allowed way (the flow module's actors and queryOptions).
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
async function problems(code: string, filePath = 'src/routes/example.route.tsx') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith('no-restricted')).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('eslint: no actors and no API calls in src/routes', () => {
  it('refuses fromPromise (and the other actor creators) from xstate', async () => {
    const found = await problems(`import { fromPromise } from 'xstate';\nexport const a = fromPromise(async () => 1);\n`);
    expect(found).toEqual(["no-restricted-imports: 'fromPromise' import from 'xstate' is restricted. No actors in route files: write them in src/services/<area>/<flow>.ts."]);
    expect(await problems(`import { fromCallback } from 'xstate';\nexport const a = fromCallback(() => {});\n`, 'src/routes/-ordering/use-x.ts')).toHaveLength(1);
  });

  it('refuses the API clients, GraphQL calls and documents, urql and fetch', async () => {
    expect(await problems(`import { api } from '../services/api.ts';\nexport const f = () => api.get('/x');\n`)).toHaveLength(1);
    expect(await problems(`import { graphqlOperation } from '../services/graphql.ts';\nexport const g = graphqlOperation;\n`)).toHaveLength(1);
    expect(await problems(`import { privacyApi } from '../services/privacy.api.ts';\nexport const f = () => privacyApi.settings();\n`)).toHaveLength(2);
    expect(await problems(`import { getPreviousOrders } from '../../services/ordering/previous-orders.graphql.ts';\nexport const g = getPreviousOrders;\n`, 'src/routes/-ordering/x.ts')).toHaveLength(1);
    expect(await problems(`import { cardsApi } from '../services/cards.actors.ts';\nexport const q = () => cardsApi.list();\n`)).toHaveLength(2);
    expect(await problems(`import { useQuery } from 'urql';\nexport const u = useQuery;\n`)).toHaveLength(1);
    expect(await problems(`export const f = () => fetch('/apiproxy/v1/x');\n`)).toEqual(["no-restricted-globals: Unexpected use of 'fetch'. Routes never fetch: put the request in src/services/<area>/<flow>.ts."]);
  });

  it("allows the flow module's actors and queryOptions, and xstate's other exports", async () => {
    const code = [
      `import { useActorRef } from '@xstate/react';`,
      `import { assertEvent } from 'xstate';`,
      `import { transferActors, cardListQuery } from '../services/cards/transfer.ts';`,
      `import { menuActors } from '../services/ordering/menu.graphql.ts';`,
      `export const x = [useActorRef, assertEvent, transferActors, cardListQuery, menuActors];`,
      '',
    ].join('\n');
    expect(await problems(code)).toEqual([]);
  });

  it('does not apply outside src/routes (services write the actors)', async () => {
    expect(await problems(`import { fromPromise } from 'xstate';\nimport { api } from '../api.ts';\nexport const a = fromPromise(() => api.get('/x'));\n`, 'src/services/area/flow.ts')).toEqual([]);
  });
});
