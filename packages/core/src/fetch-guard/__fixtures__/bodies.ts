/** Provider response bodies for the fetch guard tests, written out by hand. */
export const CHAT = (args: string) =>
  JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'pay', arguments: args } },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
  });

export const RESPONSES = (args: string) =>
  JSON.stringify({
    id: 'resp_1',
    object: 'response',
    status: 'completed',
    output: [
      { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'pay', arguments: args },
    ],
  });

/** Anthropic's `input` is an object: the argument text goes in literally. */
export const ANTHROPIC = (input: string) =>
  `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"pay","input":${input}}],"stop_reason":"tool_use"}`;

const sse = (events: readonly (readonly [string | undefined, unknown])[]) =>
  events
    .map(([name, data]) => {
      const line = `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
      return name === undefined ? line : `event: ${name}\n${line}`;
    })
    .join('');

export const CHAT_SSE = (deltas: readonly string[]) =>
  sse([
    [
      undefined,
      { object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant' } }] },
    ],
    [
      undefined,
      {
        object: 'chat.completion.chunk',
        choices: [
          {
            index: 0,
            delta: {
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'pay', arguments: '' },
                },
              ],
            },
          },
        ],
      },
    ],
    ...deltas.map(
      (d) =>
        [
          undefined,
          {
            object: 'chat.completion.chunk',
            choices: [
              { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: d } }] } },
            ],
          },
        ] as const,
    ),
    [
      undefined,
      {
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
      },
    ],
    [undefined, '[DONE]'],
  ]);

export const RESPONSES_SSE = (deltas: readonly string[], done = deltas.join('')) => {
  const item = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'pay' };
  return sse([
    ['response.created', { type: 'response.created', response: { id: 'resp_1', output: [] } }],
    [
      'response.output_item.added',
      { type: 'response.output_item.added', output_index: 0, item: { ...item, arguments: '' } },
    ],
    ...deltas.map(
      (delta) =>
        [
          'response.function_call_arguments.delta',
          {
            type: 'response.function_call_arguments.delta',
            output_index: 0,
            item_id: 'fc_1',
            delta,
          },
        ] as const,
    ),
    [
      'response.function_call_arguments.done',
      { type: 'response.function_call_arguments.done', output_index: 0, arguments: done },
    ],
    [
      'response.output_item.done',
      { type: 'response.output_item.done', output_index: 0, item: { ...item, arguments: done } },
    ],
    [
      'response.completed',
      {
        type: 'response.completed',
        response: { id: 'resp_1', output: [{ ...item, arguments: done }] },
      },
    ],
  ]);
};

export const ANTHROPIC_SSE = (deltas: readonly string[]) =>
  sse([
    ['message_start', { type: 'message_start', message: { id: 'msg_1', content: [] } }],
    [
      'content_block_start',
      {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'pay', input: {} },
      },
    ],
    ...deltas.map(
      (partial_json) =>
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'input_json_delta', partial_json },
          },
        ] as const,
    ),
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' } }],
    ['message_stop', { type: 'message_stop' }],
  ]);
