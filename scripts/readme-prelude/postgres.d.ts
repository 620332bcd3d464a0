declare const policy: import('@argseal/core').ToolPolicy;
