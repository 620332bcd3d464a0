// The policies README shows fragments of one configuration: its exports are in scope.
declare const allOf: typeof import('@argseal/policies').allOf;
declare const alwaysAllow: typeof import('@argseal/policies').alwaysAllow;
declare const checkEgress: typeof import('@argseal/policies').checkEgress;
declare const egressPolicy: typeof import('@argseal/policies').egressPolicy;
declare const firstMatch: typeof import('@argseal/policies').firstMatch;
declare const forTools: typeof import('@argseal/policies').forTools;
declare const idsFromServerList: typeof import('@argseal/policies').idsFromServerList;
declare const moneyLimit: typeof import('@argseal/policies').moneyLimit;
declare const shadow: typeof import('@argseal/policies').shadow;
declare const createAuthorizer: typeof import('@argseal/core').createAuthorizer;
declare const z: typeof import('zod').z;
declare const limits: Parameters<typeof import('@argseal/policies').moneyLimit>[0]['limits'];
declare const list: (ctx: any) => Iterable<string>;
declare const agent: string;
declare const policy: import('@argseal/core').ToolPolicy;
type AppContext = { session?: { tenant: { tenantId: string } } };
declare const db: { invoices(tenantId: string, status: 'open' | 'paid'): Promise<unknown[]> };
