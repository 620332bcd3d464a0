declare const input: string;
declare const RunState: typeof import('@openai/agents').RunState;
// the agent and seal built in the quick example
declare const run: typeof import('@openai/agents').run;
declare const agent: import('@openai/agents').Agent<unknown, any>;
declare const seal: ReturnType<typeof import('@argseal/openai-agents').createAgentsSeal>;
