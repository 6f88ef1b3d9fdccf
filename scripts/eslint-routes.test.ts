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

describe('eslint: area zones (one area never imports another area\'s views or route helpers)', () => {
  it('refuses a card view importing an account view, and the shared kit importing any area', async () => {
    const found = await problems(`import { SignInView } from '../account/SignInView.tsx';\nexport const v = SignInView;\n`, 'src/views/cards/Example.tsx');
    expect(found).toEqual([
      "no-restricted-imports: '../account/SignInView.tsx' import is restricted from being used by a pattern. One area never imports another area's views: move what both use to src/views/shared/ (docs/architecture.md#one-place-per-flow).",
    ]);
    expect(await problems(`import { GiftFormView } from '../gifting/GiftFormView.tsx';\nexport const v = GiftFormView;\n`, 'src/views/shared/Example.tsx')).toHaveLength(1);
    // the views' own rule still holds inside a zone
    expect(await problems(`import { api } from '../../services/api.ts';\nexport const a = api;\n`, 'src/views/cards/Example.tsx')).toEqual(['no-restricted-imports: \'../../services/api.ts\' import is restricted from being used by a pattern. Views never call the API.']);
  });

  it('refuses a route helper of one area importing another area\'s, and keeps the route rules there', async () => {
    expect(await problems(`import { useToast } from '../-cards/card-page-hooks.ts';\nexport const t = useToast;\n`, 'src/routes/-gifting/example.ts')).toHaveLength(1);
    expect(await problems(`import { fromPromise } from 'xstate';\nexport const a = fromPromise(async () => 1);\n`, 'src/routes/-gifting/example.ts')).toHaveLength(1);
  });

  it('allows the shared kit, the shell, the own area and the services', async () => {
    const code = [
      `import { TextField } from '../shared/form.tsx';`,
      `import { Spinner } from '../shell/Loading.tsx';`,
      `import { TransferView } from './TransferView.tsx';`,
      `import { useToast } from '../../services/app-actors.tsx';`,
      `export const x = [TextField, Spinner, TransferView, useToast];`,
      '',
    ].join('\n');
    expect(await problems(code, 'src/views/cards/Example.tsx')).toEqual([]);
  });
});
