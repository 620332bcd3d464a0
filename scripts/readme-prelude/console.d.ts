declare const policy: import('@argseal/core').ToolPolicy;
declare const store: import('@argseal/core').ApprovalStore;
declare const audit: import('@argseal/core').AuditSink;
declare const agentTokens: Parameters<
  typeof import('@argseal/console').createConsoleServer
>[0]['agentTokens'];
